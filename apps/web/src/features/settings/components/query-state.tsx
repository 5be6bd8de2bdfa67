import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Loading and failure of a card's data: a spinner, or the server's error with a retry. */
export function QueryState({ error, onRetry, label }: { error: Error | null; onRetry: () => void; label: string }) {
  if (!error) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-slate-500">
        <Spinner className="text-brand-600" label={`Loading ${label}`} />
        <span aria-hidden="true">Loading {label}…</span>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
      <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
      <span className="flex-1">{error.message}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
