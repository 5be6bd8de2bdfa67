import {
  AGNOSTIC,
  FUND_NAME_MAX,
  FUND_SECTORS,
  FundStepSchema,
  GEOGRAPHIES,
  GEOGRAPHY_LABELS,
  STAGES,
  type FundStep,
  type FundStepInput,
} from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { AmountField, TextField } from '@/components/ui/form-fields';
import { showServerErrors } from '@/components/ui/form-fields';
import { ChoiceChips } from './choice-chips';

export interface FundStepFormProps {
  initial: FundStepInput;
  submitLabel: string;
  busyLabel?: string;
  /** Saves; throws on failure (the form then shows the server's messages beside the fields). */
  onSubmit: (values: FundStep) => Promise<void>;
  /** Extra buttons left of the submit button (Previous, Cancel). */
  secondary?: ReactNode;
  /** A member's view (only admins may change the thesis): the values, no Save. */
  readOnly?: boolean;
}

/** Onboarding step 1 'Fund & Investment Preferences', also the Fund Profile settings tab. */
export function FundStepForm({ initial, submitLabel, busyLabel = 'Saving...', onSubmit, secondary, readOnly = false }: FundStepFormProps) {
  const form = useForm<FundStepInput, unknown, FundStep>({
    resolver: zodResolver(FundStepSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      form.reset(values);
    } catch (err) {
      showServerErrors(form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Fund and investment preferences" className="space-y-6">
      <fieldset disabled={readOnly} className="space-y-6 disabled:opacity-60">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="fund_name" label="Fund name" required maxLength={FUND_NAME_MAX} autoComplete="organization" placeholder="e.g. Northwind Ventures" />
          <TextField form={form} name="website" label="Website" type="url" autoComplete="url" placeholder="https://yourfund.com" />
        </div>
        <Controller
          control={form.control}
          name="sectors"
          render={({ field }) => (
            <ChoiceChips
              legend="Sectors"
              required
              options={FUND_SECTORS}
              exclusive={AGNOSTIC}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              firstRef={field.ref}
              error={errors.sectors?.message ?? errors.sectors?.root?.message}
              hint="Agnostic means you look at every sector."
            />
          )}
        />
        <Controller
          control={form.control}
          name="stages"
          render={({ field }) => (
            <ChoiceChips
              legend="Investment stages"
              required
              options={STAGES}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              firstRef={field.ref}
              error={errors.stages?.message ?? errors.stages?.root?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="geography"
          render={({ field }) => (
            <ChoiceChips
              legend="Geography"
              options={GEOGRAPHIES}
              labels={GEOGRAPHY_LABELS}
              exclusive="GLOBAL"
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              firstRef={field.ref}
              error={errors.geography?.message ?? errors.geography?.root?.message}
              hint="Where the companies you back are based. Leave empty if it doesn't matter."
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField form={form} name="ticket_size_min" label="Minimum ticket size" hint="Optional, in US dollars" />
          <AmountField form={form} name="ticket_size_max" label="Maximum ticket size" hint="Optional, in US dollars" />
        </div>
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
          <div className="flex gap-3">{secondary}</div>
          <Button type="submit" disabled={isSubmitting} className="sm:min-w-32">
            {isSubmitting ? busyLabel : submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
