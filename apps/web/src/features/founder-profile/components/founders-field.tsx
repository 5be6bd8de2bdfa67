import { COMMITMENTS } from '@fitscore/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { fieldError } from '@/components/ui/form-fields';
import type { ProfileForm } from './profile-types';

const MAX_FOUNDERS = 10;

/** Founders: name, LinkedIn, commitment. The primary founder's LinkedIn is required; the last founder cannot be removed. */
export function FoundersField({ form }: { form: ProfileForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'founders' });
  const errors = form.formState.errors;
  const listError = fieldError(errors, 'founders');
  return (
    <div className="space-y-4 sm:col-span-2">
      {fields.map((field, i) => (
        <fieldset key={field.id} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-700">{i === 0 ? 'Primary founder' : `Co-founder ${i}`}</legend>
          <div className="grid gap-4 sm:grid-cols-[1fr_1.3fr_auto_auto] sm:items-start">
            <Field label="Name" required={i === 0} error={fieldError(errors, `founders.${i}.name`)}>
              {(ids) => <Input {...ids} autoComplete="name" {...form.register(`founders.${i}.name`)} />}
            </Field>
            <Field label="LinkedIn URL" required={i === 0} error={fieldError(errors, `founders.${i}.linkedin_url`)}>
              {(ids) => <Input {...ids} type="url" placeholder="https://www.linkedin.com/in/…" {...form.register(`founders.${i}.linkedin_url`)} />}
            </Field>
            <Field label="Commitment">
              {(ids) => (
                <Select {...ids} {...form.register(`founders.${i}.commitment`)}>
                  {COMMITMENTS.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Button
              variant="ghost"
              size="icon"
              className="sm:mt-7"
              onClick={() => remove(i)}
              disabled={fields.length === 1}
              title={fields.length === 1 ? 'A company needs at least one founder' : undefined}
              aria-label={`Remove ${i === 0 ? 'primary founder' : `co-founder ${i}`}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </fieldset>
      ))}
      {listError ? <p role="alert" className="text-xs font-medium text-red-600">{listError}</p> : null}
      <Button variant="secondary" size="sm" onClick={() => append({ name: '', linkedin_url: '', commitment: 'Full-time' })} disabled={fields.length >= MAX_FOUNDERS}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add co-founder
      </Button>
    </div>
  );
}
