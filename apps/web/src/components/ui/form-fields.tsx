import { useState, type ReactNode } from 'react';
import { get, useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { Field, Input, Select, Textarea } from './field';

/** Form controls bound to react-hook-form: label, hint and the field's error wired together. */
type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, any>;

export const toNumberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const toNullIfEmpty = (v: unknown) => (v === '' ? null : v);

interface BaseProps<T extends FieldValues> {
  form: AnyForm<T>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** The message of the error at a path (nested fields and lists included). */
export function fieldError(errors: unknown, path: string): string | undefined {
  const found = get(errors, path) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? found.message : undefined;
}

function errorOf<T extends FieldValues>(form: AnyForm<T>, name: FieldPath<T>): string | undefined {
  return fieldError(form.formState.errors, name);
}

export function TextField<T extends FieldValues>({ form, name, label, hint, required, className, ...input }: BaseProps<T> & { placeholder?: string; type?: string; maxLength?: number; autoComplete?: string; readOnly?: boolean }) {
  return (
    <Field label={label} hint={hint} required={required} error={errorOf(form, name)} className={className}>
      {(ids) => <Input {...ids} {...input} {...form.register(name)} />}
    </Field>
  );
}

export function TextAreaField<T extends FieldValues>({ form, name, label, hint, required, className, placeholder }: BaseProps<T> & { placeholder?: string }) {
  return (
    <Field label={label} hint={hint} required={required} error={errorOf(form, name)} className={className}>
      {(ids) => <Textarea {...ids} rows={3} placeholder={placeholder} {...form.register(name)} />}
    </Field>
  );
}

/** A number that may be left empty (stored as null); amounts of money use AmountField. */
export function NumberField<T extends FieldValues>({ form, name, label, hint, required, className, min, max, step, suffix }: BaseProps<T> & { min?: number; max?: number; step?: number | 'any'; suffix?: string }) {
  return (
    <Field label={label} hint={hint} required={required} error={errorOf(form, name)} className={className}>
      {(ids) => (
        <div className="relative">
          <Input
            {...ids}
            type="number"
            inputMode="decimal"
            min={min}
            max={max}
            step={step ?? 'any'}
            className={suffix ? 'pr-10' : undefined}
            {...form.register(name, { setValueAs: toNumberOrNull })}
          />
          {suffix ? <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">{suffix}</span> : null}
        </div>
      )}
    </Field>
  );
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Digits with thousands separators ('2,000,000,000'); empty for no value. */
export const formatGrouped = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? grouped.format(value) : '');

/**
 * What an amount field holds: null when empty, else the number typed with or without separators.
 * Anything else becomes NaN, which the schema refuses with the field's own "must be a number".
 */
export const parseGrouped = (text: string): number | null => {
  const plain = text.replace(/[,\s]/g, '');
  return plain === '' ? null : /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
};

/**
 * A dollar amount that may be left empty (stored as null). It reads with thousands separators
 * ('2,000,000,000'), accepts them while typing, and keeps a plain number in the form's value.
 */
export function AmountField<T extends FieldValues>({ form, name, label, hint, required, className }: BaseProps<T>) {
  const { field } = useController({ control: form.control, name });
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field label={label} hint={hint} required={required} error={errorOf(form, name)} className={className}>
      {(ids) => (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">$</span>
          <Input
            {...ids}
            ref={field.ref}
            name={field.name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="pl-7"
            value={draft ?? formatGrouped(field.value)}
            onChange={(e) => {
              setDraft(e.target.value);
              field.onChange(parseGrouped(e.target.value));
            }}
            onBlur={() => {
              setDraft(null);
              field.onBlur();
            }}
          />
        </div>
      )}
    </Field>
  );
}

/** A choice from a fixed list; the empty option means not set (null) unless required. */
export function SelectField<T extends FieldValues>({ form, name, label, hint, required, className, options, placeholder = 'Select…' }: BaseProps<T> & { options: readonly string[]; placeholder?: string }) {
  return (
    <Field label={label} hint={hint} required={required} error={errorOf(form, name)} className={className}>
      {(ids) => (
        <Select {...ids} {...form.register(name, { setValueAs: toNullIfEmpty })}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** The server checks the same rules as the form: put its verdict beside the fields it names. */
export function showServerErrors<T extends FieldValues>(form: AnyForm<T>, err: unknown): void {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return;
  for (const issue of err.details as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string') {
      form.setError(issue.path as FieldPath<T>, { message: issue.message });
    }
  }
}
