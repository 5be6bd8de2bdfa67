import { Check } from 'lucide-react';
import { useId, type Ref } from 'react';
import { cn } from '@/lib/cn';

export interface ChoiceChipsProps<T extends string> {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  labels?: Partial<Record<T, string>>;
  /** An option meaning 'all of them': choosing it clears the others, choosing another clears it. */
  exclusive?: T;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  firstRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** A multi-choice as a group of checkboxes drawn as pills. */
export function ChoiceChips<T extends string>({ legend, options, value, onChange, labels, exclusive, error, hint, required, firstRef, onBlur }: ChoiceChipsProps<T>) {
  const id = useId();
  const describedBy = [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

  const toggle = (option: T, checked: boolean) => {
    if (!checked) return onChange(value.filter((v) => v !== option));
    if (exclusive && option === exclusive) return onChange([option]);
    onChange([...value.filter((v) => v !== exclusive), option]);
  };

  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined} className="min-w-0">
      <legend className="mb-2 flex items-baseline gap-0.5 text-sm font-medium text-slate-700">
        {legend}
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, i) => {
          const checked = value.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
                error && !checked ? 'border-red-300' : '',
              )}
            >
              <input
                ref={i === 0 ? firstRef : undefined}
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={(e) => toggle(option, e.target.checked)}
                onBlur={onBlur}
              />
              {checked ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : null}
              {labels?.[option] ?? option}
            </label>
          );
        })}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
