import { Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Input, Textarea } from './field';
import { useToast } from './toast';

/** A read-only value with a Copy button; `multiline` for snippets. The toast says what was copied. */
export function CopyField({
  label,
  value,
  hint,
  copiedMessage = 'URL copied to clipboard',
  multiline,
  className,
}: {
  label: ReactNode;
  value: string;
  hint?: ReactNode;
  copiedMessage?: string;
  multiline?: boolean;
  className?: string;
}) {
  const id = useId();
  const toast = useToast();
  const onCopy = async () => {
    if (await copyText(value, id)) toast.success(copiedMessage);
    else toast.error('Could not copy. Select the text and copy it instead.');
  };
  const describedBy = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className={cn('flex gap-2', multiline ? 'flex-col sm:flex-row sm:items-start' : 'items-center')}>
        {multiline ? (
          <Textarea id={id} readOnly value={value} rows={4} aria-describedby={describedBy} className="font-mono text-xs" onFocus={(e) => e.target.select()} />
        ) : (
          <Input id={id} readOnly value={value} aria-describedby={describedBy} className="font-mono text-xs sm:text-sm" onFocus={(e) => e.target.select()} />
        )}
        <Button variant="secondary" onClick={() => void onCopy()} aria-label={`Copy ${typeof label === 'string' ? label : 'value'}`} className="shrink-0 self-start">
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      {hint ? (
        <div id={describedBy} className="text-xs text-slate-500">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
