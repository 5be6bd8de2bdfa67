import { MetricUpdateSchema, type MetricUpdate } from '@fitscore/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AmountField, NumberField } from '@/components/ui/form-fields';
import { useToast } from '@/components/ui/toast';
import { useUpdateMetrics } from '../api/metrics';
import { errorMessage } from '@/lib/api-client';

type Input = z.input<typeof MetricUpdateSchema>;

export interface KeyMetricValues {
  mrr: number | null;
  mom_growth: number | null;
  cac: number | null;
  burn: number | null;
  cash: number | null;
}

/** Edit the five key metrics; each save is kept as a dated entry for the charts. */
export function EditMetricsDialog({ open, onOpenChange, values }: { open: boolean; onOpenChange: (open: boolean) => void; values: KeyMetricValues }) {
  const update = useUpdateMetrics('Failed to update metrics');
  const toast = useToast();
  const form = useForm<Input, unknown, MetricUpdate>({ resolver: zodResolver(MetricUpdateSchema), values });
  const submit = form.handleSubmit(async (changes) => {
    try {
      // Reported MRR: the metrics are entered as MRR whatever the profile's revenue mode.
      await update.mutateAsync({ ...changes, revenue_mode: 'MRR' });
      toast.success('Metrics updated');
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update metrics'));
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit key metrics" description="Each update is kept with its date, so your charts show how the numbers moved.">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label="Edit key metrics">
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField form={form} name="mrr" label="MRR" />
          <NumberField form={form} name="mom_growth" label="MoM growth" suffix="%" min={-100} max={1000} />
          <AmountField form={form} name="cac" label="CAC" />
          <AmountField form={form} name="burn" label="Monthly burn" />
          <AmountField form={form} name="cash" label="Cash in bank (optional)" className="sm:col-span-2" />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving...' : 'Save metrics'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
