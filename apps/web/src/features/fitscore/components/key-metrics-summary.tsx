import type { FitScoreAnalysis, KeyMetricKey } from '@fitscore/contracts';

const SHOWN: { key: KeyMetricKey; label: string }[] = [
  { key: 'mrr', label: 'MRR' },
  { key: 'arr', label: 'ARR' },
  { key: 'momGrowth', label: 'MoM growth' },
  { key: 'payingCustomers', label: 'Paying customers' },
  { key: 'grossMargin', label: 'Gross margin' },
  { key: 'cac', label: 'CAC' },
  { key: 'ltvCac', label: 'LTV / CAC' },
  { key: 'burn', label: 'Monthly burn' },
  { key: 'runwayMonths', label: 'Runway' },
  { key: 'tam', label: 'TAM' },
  { key: 'raise', label: 'Raising' },
  { key: 'teamSize', label: 'Team size' },
];

/** The metrics the analysis found, each with where it came from (profile, or the deck's page). */
export function KeyMetricsSummary({ analysis }: { analysis: FitScoreAnalysis }) {
  const rows = SHOWN.flatMap(({ key, label }) => {
    const metric = analysis.keyMetrics[key];
    return metric ? [{ key, label, metric }] : [];
  });
  if (rows.length === 0) return <p className="text-sm text-slate-500">No metrics were found in the deck or the profile.</p>;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {rows.map(({ key, label, metric }) => (
        <div key={key} className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-0.5 text-lg font-semibold text-slate-900">{metric.display}</dd>
          <dd className="text-xs text-slate-500">
            {metric.source === 'deck' || metric.source === 'llm' ? `Deck, slide ${metric.page}` : metric.source === 'derived' ? 'Calculated' : 'Profile'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
