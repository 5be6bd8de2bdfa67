import { deriveMetrics, formatMoney } from '@fitscore/contracts';
import { useWatch } from 'react-hook-form';
import type { ProfileForm } from './profile-types';

/** The live metrics of spec section 3, computed by the same function the server uses. */
export function DerivedMetricsPanel({ form }: { form: ProfileForm }) {
  const values = useWatch({ control: form.control });
  const m = deriveMetrics({
    revenue_mode: values.revenue_mode ?? 'MRR',
    mrr: values.mrr ?? null,
    arr: values.arr ?? null,
    committed_amount: values.committed_amount ?? null,
    round_target_amount: values.round_target_amount ?? undefined,
    cash: values.cash ?? null,
    burn: values.burn ?? null,
    cac: values.cac ?? null,
    gross_margin: values.gross_margin ?? null,
    paying_customers: values.paying_customers ?? null,
    acv_aov: values.acv_aov ?? null,
    runway_months: values.runway_months ?? null,
  });
  const items = [
    { label: values.revenue_mode === 'ARR' ? 'MRR (ARR ÷ 12)' : 'ARR (MRR × 12)', value: values.revenue_mode === 'ARR' ? m.mrr : m.arr, money: true },
    { label: 'Committed', value: m.committedPct, suffix: '% of round' },
    { label: 'Runway', value: m.runwayMonths, suffix: ' months' },
    { label: 'CAC payback', value: m.paybackMonths, suffix: ' months' },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl bg-brand-50 p-4 sm:col-span-2 sm:grid-cols-4" aria-live="polite">
      {items.map((item) => (
        <div key={item.label}>
          <p className="text-xs font-medium text-brand-800">{item.label}</p>
          <p className="text-lg font-semibold text-slate-900">
            {item.value === null || Number.isNaN(item.value) ? '—' : item.money ? formatMoney(item.value) : `${item.value}${item.suffix ?? ''}`}
          </p>
        </div>
      ))}
    </div>
  );
}
