import { DEAL_STATUS_LABELS, type Deal, type DealSort, type DealStatus } from '@fitscore/contracts';

export const SOURCE_LABELS: Record<Deal['source'], string> = {
  upload: 'Upload',
  form: 'Form',
  email: 'Email',
  webhook: 'Webhook',
  platform: 'Platform',
  import: 'Import',
};

/** 'Form', or 'Form +1' when the same company arrived again through another channel (its sources). */
export function sourceSummary(deal: Pick<Deal, 'source' | 'sources'>): string {
  const more = Math.max(0, deal.sources.length - 1);
  return more > 0 ? `${SOURCE_LABELS[deal.source]} +${more}` : SOURCE_LABELS[deal.source];
}

/** 'also received by Email on 25 Nov 2026' for each arrival after the first. */
export function laterArrivals(deal: Pick<Deal, 'sources'>): string[] {
  return deal.sources
    .slice(1)
    .map((s) => `Also received by ${SOURCE_LABELS[s.channel]} on ${formatDate(s.receivedAt)}`);
}

export const SORT_LABELS: Record<DealSort, string> = {
  '-date': 'Newest first',
  date: 'Oldest first',
  '-fitScore': 'FitScore: high to low',
  fitScore: 'FitScore: low to high',
  name: 'Name (A-Z)',
};

/** Spec section 8: 'Deal moved to {status}'. */
export const movedToast = (status: DealStatus) => `Deal moved to ${DEAL_STATUS_LABELS[status]}`;

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A count of the list as the tabs show it: '100+' once a broad search's count reached its cap (countsCap). */
export const countLabel = (n: number, cap: number | null) =>
  cap !== null && n >= cap ? `${cap.toLocaleString('en-US')}+` : String(n);
