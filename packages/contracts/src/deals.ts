/** A deal's triage status in a fund's pipeline (spec: Hot/Track/Cold; keys 1/2/3). */
export const DEAL_STATUSES = ['hot', 'track', 'cold'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  hot: 'Hot',
  track: 'Track',
  cold: 'Cold',
};
