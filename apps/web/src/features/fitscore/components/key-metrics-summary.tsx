import { keyMetricSource, reportedKeyMetrics, type FitScoreViewAnalysis } from '@fitscore/contracts';

/** The metrics the analysis found, each with where it came from (profile, or the deck's page). */
export function KeyMetricsSummary({ analysis }: { analysis: FitScoreViewAnalysis }) {
  const rows = reportedKeyMetrics(analysis.keyMetrics);
  if (rows.length === 0) return <p className="text-sm text-slate-500">No metrics were found in the deck or the profile.</p>;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {rows.map(({ key, label, metric }) => (
        <div key={key} className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-0.5 text-lg font-semibold text-slate-900">{metric.display}</dd>
          <dd className="text-xs text-slate-500">{keyMetricSource(metric)}</dd>
        </div>
      ))}
    </dl>
  );
}
