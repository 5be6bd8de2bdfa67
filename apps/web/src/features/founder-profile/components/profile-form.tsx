import {
  ACTIVE_USER_METRICS,
  BUSINESS_MODELS,
  FounderProfileSchema,
  INDUSTRIES,
  INSTRUMENTS,
  ONE_LINER_MAX,
  REVENUE_MODES,
  REVENUE_STAGES,
  STAGES,
  type FounderProfile,
} from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { CompetitorsField } from './competitors-field';
import { DerivedMetricsPanel } from './derived-metrics-panel';
import { AmountField, FormSection, NumberField, SelectField, showServerErrors, TextAreaField, TextField } from '@/components/ui/form-fields';
import type { ProfileInput } from './profile-types';
import { FoundersField } from './founders-field';

export function emptyProfile(founderName: string): ProfileInput {
  return {
    startup_name: '',
    one_liner: '',
    hq_geo: '',
    industry: undefined as unknown as ProfileInput['industry'],
    round_target_amount: undefined as unknown as number,
    revenue_mode: 'MRR',
    retention_type: 'D30',
    founders: [{ name: founderName, linkedin_url: '', commitment: 'Full-time' }],
    competitors_list: [],
    icp_tags: [],
  };
}

export interface ProfileFormProps {
  initial: ProfileInput;
  submitLabel: string;
  onSubmit: (profile: FounderProfile) => Promise<void>;
}

function OneLinerCounter({ form }: { form: ReturnType<typeof useForm<ProfileInput, unknown, FounderProfile>> }) {
  const value = useWatch({ control: form.control, name: 'one_liner' }) ?? '';
  return (
    <span className={value.length > ONE_LINER_MAX ? 'text-red-600' : ''}>
      {value.length}/{ONE_LINER_MAX} characters
    </span>
  );
}

/** Every field of the company profile, grouped as an investor reads a company. */
export function ProfileForm({ initial, submitLabel, onSubmit }: ProfileFormProps) {
  const form = useForm<ProfileInput, unknown, FounderProfile>({
    resolver: zodResolver(FounderProfileSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const revenueMode = useWatch({ control: form.control, name: 'revenue_mode' });

  const submit = form.handleSubmit(
    async (profile) => {
      try {
        await onSubmit(profile);
      } catch (err) {
        showServerErrors(form, err);
        throw err;
      }
    },
    () => {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    },
  );

  return (
    <form onSubmit={(e) => void submit(e).catch(() => {})} noValidate className="space-y-6" aria-label="Company profile">
      <FormSection title="Company" description="The basics investors screen on.">
        <TextField form={form} name="startup_name" label="Startup name" required autoComplete="organization" />
        <TextField form={form} name="website" label="Website" type="url" placeholder="https://" />
        <TextField
          form={form}
          name="one_liner"
          label="One-liner"
          required
          className="sm:col-span-2"
          placeholder="What you do, for whom, in one sentence"
          hint={<OneLinerCounter form={form} />}
        />
        <SelectField form={form} name="industry" label="Industry" required options={INDUSTRIES} placeholder="Choose an industry" />
        <SelectField form={form} name="stage" label="Stage" options={STAGES} />
        <SelectField form={form} name="business_model" label="Business model" options={BUSINESS_MODELS} />
        <SelectField form={form} name="revenue_stage" label="Revenue stage" options={REVENUE_STAGES} />
        <TextField form={form} name="hq_geo" label="HQ location" required placeholder="City, country" />
        <TextField form={form} name="target_geo" label="Target geography" placeholder="e.g. US, EU" />
        <NumberField form={form} name="team_size" label="Team size" min={1} step={1} />
        <TextField form={form} name="product_maturity" label="Product maturity" placeholder="e.g. Live with paying customers" />
        <TextAreaField form={form} name="icp" label="Ideal customer profile" className="sm:col-span-2" placeholder="Who buys, their size, the pain" />
        <Controller
          control={form.control}
          name="icp_tags"
          render={({ field, fieldState }) => (
            <Field label="ICP tags" hint="Separate with commas" error={fieldState.error?.message} className="sm:col-span-2">
              {(ids) => (
                <Input
                  {...ids}
                  defaultValue={(field.value ?? []).join(', ')}
                  onBlur={(e) => {
                    field.onChange(e.target.value.split(',').map((t) => t.trim()).filter(Boolean));
                    field.onBlur();
                  }}
                  placeholder="e.g. mid-market, logistics"
                />
              )}
            </Field>
          )}
        />
      </FormSection>

      <FormSection title="Fundraising" description="The round you are raising now.">
        <TextField form={form} name="round_target" label="Round name" placeholder="e.g. Seed" />
        <AmountField form={form} name="round_target_amount" label="Round target" required />
        <AmountField form={form} name="committed_amount" label="Committed so far" />
        <AmountField form={form} name="valuation" label="Valuation" />
        <SelectField form={form} name="instrument" label="Instrument" options={INSTRUMENTS} />
      </FormSection>

      <FormSection title="Traction" description="Revenue, growth and usage. Leave empty what does not apply yet.">
        <SelectField form={form} name="revenue_mode" label="Revenue reported as" options={REVENUE_MODES} required placeholder="MRR or ARR" />
        {revenueMode === 'ARR' ? (
          <AmountField form={form} name="arr" label="ARR" />
        ) : (
          <AmountField form={form} name="mrr" label="MRR" />
        )}
        <NumberField form={form} name="mom_growth" label="MoM growth" suffix="%" min={-100} max={1000} />
        <NumberField form={form} name="paying_customers" label="Paying customers" min={0} step={1} />
        <NumberField form={form} name="pilots_lois" label="Pilots / LOIs" min={0} step={1} />
        <SelectField form={form} name="active_users_metric" label="Active users metric" options={ACTIVE_USER_METRICS} />
        <NumberField form={form} name="active_users_value" label="Active users" min={0} step={1} />
        <NumberField form={form} name="activation_rate" label="Activation rate" suffix="%" min={0} max={100} />
        <TextField form={form} name="retention_type" label="Retention measured at" placeholder="D30" />
        <NumberField form={form} name="retention_rate" label="Retention rate" suffix="%" min={0} max={100} />
        <NumberField form={form} name="logo_churn" label="Logo churn (monthly)" suffix="%" min={0} max={100} />
      </FormSection>

      <FormSection title="Unit economics and runway">
        <NumberField form={form} name="gross_margin" label="Gross margin" suffix="%" min={0} max={100} hint="Required when you have revenue" />
        <AmountField form={form} name="acv_aov" label="ACV / AOV" />
        <AmountField form={form} name="cac" label="CAC" />
        <AmountField form={form} name="ltv" label="LTV" />
        <NumberField form={form} name="sales_cycle" label="Sales cycle" suffix="days" min={0} step={1} />
        <NumberField form={form} name="win_rate" label="Win rate" suffix="%" min={0} max={100} />
        <AmountField form={form} name="burn" label="Monthly burn" />
        <AmountField form={form} name="cash" label="Cash in bank" />
        <NumberField form={form} name="runway_months" label="Runway (if no burn/cash)" suffix="mo" min={0} />
        <DerivedMetricsPanel form={form} />
      </FormSection>

      <FormSection title="Market" description="Bottom-up sizes convince more than top-down ones.">
        <AmountField form={form} name="tam" label="TAM" />
        <AmountField form={form} name="sam" label="SAM" />
        <AmountField form={form} name="som" label="SOM" />
        <TextField form={form} name="market_source_url" label="Market source" type="url" placeholder="https://" />
        <TextAreaField form={form} name="tam_sam_som" label="How you sized it" className="sm:col-span-2" />
      </FormSection>

      <FormSection title="Competition">
        <TextAreaField form={form} name="competitors" label="Competitive landscape" className="sm:col-span-2" placeholder="Who else solves this, and why you win" />
        <CompetitorsField form={form} />
      </FormSection>

      <FormSection title="Team" description="At least one founder; the primary founder's LinkedIn is required.">
        <FoundersField form={form} />
        <TextAreaField form={form} name="social_proof" label="Social proof" className="sm:col-span-2" placeholder="Notable investors, advisors, customers, press" />
      </FormSection>

      <div className="sticky bottom-0 -mx-4 flex justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-4 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
