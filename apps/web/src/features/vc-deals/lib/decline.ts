import type { Deal, DealStatus } from '@fitscore/contracts';

/**
 * The sources whose founder hears back (spec: 'A reason for every no'): a platform founder sees the
 * reasons on their dashboard; an applicant by form or email is emailed them.
 */
export const REASON_SOURCES: readonly Deal['source'][] = ['platform', 'form', 'email'];

/** How the founder of a deal from this source hears the reasons (the Cold dialog says it). */
export const howFounderHears = (source: Deal['source']) =>
  source === 'platform'
    ? 'The founder sees the reasons you pick in FitScore, never the note.'
    : 'The founder is emailed the reasons you pick, never the note.';

/** Moving a Platform, Form or Email deal to Cold asks for reasons; every other move (and a deal already Cold) stays one click. */
export const asksForReasons = (deal: Pick<Deal, 'source' | 'status'>, status: DealStatus) =>
  status === 'cold' && deal.status !== 'cold' && REASON_SOURCES.includes(deal.source);

/** Adds a reason typed by the investor (trimmed, once, case-insensitively) to the offered chips; returns them unchanged when it is empty or already there. */
export function withReason(offered: string[], typed: string): string[] {
  const reason = typed.trim().replace(/\s+/g, ' ');
  if (!reason || offered.some((r) => r.toLowerCase() === reason.toLowerCase())) return offered;
  return [...offered, reason];
}
