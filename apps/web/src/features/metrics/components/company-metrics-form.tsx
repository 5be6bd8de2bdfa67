import { ACTIVE_USER_METRICS, MetricUpdateSchema, REVENUE_MODES, type MetricFields, type MetricUpdate } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { AmountField, FormSection, NumberField, SelectField, showServerErrors, TextField } from '@/components/ui/form-fields';
import { useToast } from '@/components/ui/toast';
import { useUpdateMetrics } from '../api/metrics';
import { errorMessage } from '@/lib/api-client';

type Input = z.input<typeof MetricUpdateSchema>;

/** Every metric field of the profile, saved together; each save is kept as a dated entry. */
export function CompanyMetricsForm({ initial }: { initial: MetricFields }) {
  const update = useUpdateMetrics('Failed to save company metrics');
  const toast = useToast();
  const form = useForm<Input, unknown, MetricUpdate>({ resolver: zodResolver(MetricUpdateSchema), defaultValues: initial });
  const mode = useWatch({ control: form.control, name: 'revenue_mode' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Company metrics saved');
    } catch (err) {
      showServerErrors(form, err);
      toast.error(errorMessage(err, 'Failed to save company metrics'));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" aria-label="Company metrics">
      <FormSection title="Revenue and growth">
        <SelectField form={form} name="revenue_mode" label="Revenue reported as" options={REVENUE_MODES} required placeholder="MRR or ARR" />
        {mode === 'ARR' ? (
          <AmountField form={form} name="arr" label="ARR" />
        ) : (
          <AmountField form={form} name="mrr" label="MRR" />
        )}
        <NumberField form={form} name="mom_growth" label="MoM growth" suffix="%" min={-100} max={1000} />
        <NumberField form={form} name="paying_customers" label="Paying customers" min={0} step={1} />
        <NumberField form={form} name="pilots_lois" label="Pilots / LOIs" min={0} step={1} />
      </FormSection>
      <FormSection title="Usage and retention">
        <SelectField form={form} name="active_users_metric" label="Active users metric" options={ACTIVE_USER_METRICS} />
        <NumberField form={form} name="active_users_value" label="Active users" min={0} step={1} />
        <NumberField form={form} name="activation_rate" label="Activation rate" suffix="%" min={0} max={100} />
        <TextField form={form} name="retention_type" label="Retention measured at" placeholder="D30" />
        <NumberField form={form} name="retention_rate" label="Retention rate" suffix="%" min={0} max={100} />
        <NumberField form={form} name="logo_churn" label="Logo churn (monthly)" suffix="%" min={0} max={100} />
      </FormSection>
      <FormSection title="Sales and unit economics">
        <AmountField form={form} name="acv_aov" label="ACV / AOV" />
        <NumberField form={form} name="sales_cycle" label="Sales cycle" suffix="days" min={0} step={1} />
        <NumberField form={form} name="win_rate" label="Win rate" suffix="%" min={0} max={100} />
        <NumberField form={form} name="gross_margin" label="Gross margin" suffix="%" min={0} max={100} />
        <AmountField form={form} name="cac" label="CAC" />
        <AmountField form={form} name="ltv" label="LTV" />
      </FormSection>
      <FormSection title="Burn and runway">
        <AmountField form={form} name="burn" label="Monthly burn" />
        <AmountField form={form} name="cash" label="Cash in bank" />
        <NumberField form={form} name="runway_months" label="Runway (if no burn/cash)" suffix="mo" min={0} />
      </FormSection>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : 'Save metrics'}
        </Button>
      </div>
    </form>
  );
}
