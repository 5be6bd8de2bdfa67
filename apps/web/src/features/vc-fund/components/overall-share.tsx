import { formatShare } from '@fitscore/contracts';

/** A dimension's share of a deal's overall FitScore, as both weight screens show it. */
export function OverallShare({ share, testId }: { share: number; testId: string }) {
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-700 tabular-nums" data-testid={testId}>
      {formatShare(share)} of overall
    </span>
  );
}
