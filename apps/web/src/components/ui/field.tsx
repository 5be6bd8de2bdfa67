import { useId, type ComponentProps, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-200';

export const Input = ({ className, ...props }: ComponentProps<'input'>) => (
  <input className={cn(controlClass, 'h-10', className)} {...props} />
);

export const Textarea = ({ className, ...props }: ComponentProps<'textarea'>) => (
  <textarea className={cn(controlClass, 'min-h-24', className)} {...props} />
);

export const Select = ({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select className={cn(controlClass, 'h-10 pr-8', className)} {...props} />
);

export interface FieldProps {
  label: ReactNode;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ label, children, error, hint, required, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {required ? (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true } : {}) })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
