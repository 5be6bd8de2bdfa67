import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

/** Loading, error (with retry) and data states of a page's main query, the same everywhere. */
export function QueryState<T>({
  query,
  label,
  children,
  notFound,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
  /** What to show when the server answers 404 (a message and a way back) instead of 'Try again'. */
  notFound?: ReactNode;
}) {
  if (query.isPending) return <PageLoader label={label} />;
  if (query.isError && notFound && query.error instanceof ApiError && query.error.status === 404) return <>{notFound}</>;
  if (query.isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <AlertTriangle className="h-8 w-8 text-red-600" aria-hidden="true" />
        <p className="font-semibold text-slate-900">We could not load this page.</p>
        <p className="text-sm text-slate-600">{query.error.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** A card's query that failed: its message and a retry, inside the card (the page around it still works). */
export function QueryError({ query }: { query: { error: Error | null; refetch: () => unknown } }) {
  return (
    <div role="alert" className="space-y-2 text-sm text-slate-600">
      <p>{query.error?.message}</p>
      <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
