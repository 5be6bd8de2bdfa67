import { MAX_COMPETITORS } from '@fitscore/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { fieldError } from '@/components/ui/form-fields';
import type { ProfileForm } from './profile-types';

/** Up to five named competitors, each with an optional website. */
export function CompetitorsField({ form }: { form: ProfileForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'competitors_list' });
  const errors = form.formState.errors;
  const listError = fieldError(errors, 'competitors_list');
  return (
    <div className="space-y-3 sm:col-span-2">
      <p className="text-sm font-medium text-slate-700">
        Named competitors <span className="font-normal text-slate-500">({fields.length}/{MAX_COMPETITORS})</span>
      </p>
      {fields.map((field, i) => (
        <div key={field.id} className="grid gap-3 sm:grid-cols-[1fr_1.3fr_auto] sm:items-start">
          <Field label={`Competitor ${i + 1}`} error={fieldError(errors, `competitors_list.${i}.name`)}>
            {(ids) => <Input {...ids} {...form.register(`competitors_list.${i}.name`)} />}
          </Field>
          <Field label="Website (optional)" error={fieldError(errors, `competitors_list.${i}.url`)}>
            {(ids) => <Input {...ids} type="url" placeholder="https://" {...form.register(`competitors_list.${i}.url`)} />}
          </Field>
          <Button variant="ghost" size="icon" className="sm:mt-7" onClick={() => remove(i)} aria-label={`Remove competitor ${i + 1}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      {listError ? <p role="alert" className="text-xs font-medium text-red-600">{listError}</p> : null}
      <Button variant="secondary" size="sm" onClick={() => append({ name: '', url: '' })} disabled={fields.length >= MAX_COMPETITORS}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add competitor
      </Button>
    </div>
  );
}
