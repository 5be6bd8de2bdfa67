import type { DeckLink } from '@fitscore/contracts';
import { plural } from '@/lib/plural';

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export type LinkState = 'live' | 'revoked' | 'expired';

export function linkState(link: DeckLink): LinkState {
  if (link.revoked_at) return 'revoked';
  if (link.expires_at && Date.parse(link.expires_at) <= Date.now()) return 'expired';
  return 'live';
}

/** The recipient's name, else their email, else 'General link'. */
export const linkTitle = (link: DeckLink) => link.recipient_name || link.recipient_email || 'General link';

export function viewsText(link: DeckLink) {
  const views = plural(link.views, 'viewer');
  return link.last_viewed_at ? `${views} · last seen ${dateTimeFormat.format(new Date(link.last_viewed_at))}` : views;
}

/** Milliseconds as a reader reads a duration: '45 s', '3 min 20 s'. */
export function durationText(ms: number) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}
