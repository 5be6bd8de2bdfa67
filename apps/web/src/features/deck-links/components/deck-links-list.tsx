import type { DeckLink } from '@fitscore/contracts';
import { BarChart3, Bell, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { plural } from '@/lib/plural';
import { useDeckLinkAlerts, useReadDeckLinkAlerts, useRevokeDeckLink } from '../api/deck-links';
import { dateTimeFormat, linkState, linkTitle, viewsText } from '../lib/format';

export function DeckLinkRow({ link }: { link: DeckLink }) {
  const toast = useToast();
  const revoke = useRevokeDeckLink();
  const state = linkState(link);
  const title = linkTitle(link);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.founder.deckLink(link.id)} className="font-semibold text-slate-900 underline-offset-4 hover:underline">
            {title}
          </Link>
          {state !== 'live' ? <Badge tone={state === 'revoked' ? 'red' : 'neutral'}>{state === 'revoked' ? 'Revoked' : 'Expired'}</Badge> : null}
          {link.email_required ? <Badge tone="brand">Email gate</Badge> : null}
          {link.has_passcode ? <Badge tone="brand">Passcode</Badge> : null}
          {link.allow_download ? <Badge tone="amber">Downloads on</Badge> : null}
        </p>
        <p className="text-xs text-slate-500">
          Deck v{link.deck.version} ({plural(link.deck.pages, 'page')}) · created {dateTimeFormat.format(new Date(link.created_at))}
          {link.expires_at ? ` · ${state === 'expired' ? 'expired' : 'expires'} ${dateTimeFormat.format(new Date(link.expires_at))}` : ' · never expires'}
        </p>
        <p className="flex items-center gap-1 text-xs text-slate-600">
          <Eye className="h-3.5 w-3.5" aria-hidden="true" />
          <span data-testid="deck-link-views">{viewsText(link)}</span>
        </p>
      </div>
      <div className="flex gap-2">
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.founder.deckLink(link.id)} aria-label={`Views of ${title}`}>
            <BarChart3 className="h-4 w-4" aria-hidden="true" />
            Views
          </Link>
        </Button>
        {state === 'live' ? (
          <Button
            variant="secondary"
            size="sm"
            className="text-red-700"
            disabled={revoke.isPending}
            aria-label={`Revoke ${title}`}
            onClick={() =>
              revoke.mutate(link.id, {
                onSuccess: () => toast.success('Link revoked. It no longer opens.'),
                onError: (err) => toast.error(err.message),
              })
            }
          >
            Revoke
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The first opens the founder has not seen yet, with a way to mark them read. */
export function DeckLinkAlerts() {
  const alerts = useDeckLinkAlerts();
  const read = useReadDeckLinkAlerts();
  const unread = alerts.data?.alerts.filter((a) => !a.read) ?? [];
  if (unread.length === 0) return null;
  return (
    <section aria-labelledby="deck-alerts-title" className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200">
      <div className="flex flex-wrap items-center gap-2">
        <Bell className="h-5 w-5 text-brand-700" aria-hidden="true" />
        <h2 id="deck-alerts-title" className="flex-1 text-sm font-semibold text-brand-900">
          {unread.length === 1 ? 'A deck link was opened' : `${unread.length} deck links were opened`}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => read.mutate()} disabled={read.isPending}>
          Mark as read
        </Button>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-brand-900">
        {unread.map((a) => (
          <li key={a.id}>
            <Link to={paths.founder.deckLink(a.link_id)} className="underline-offset-4 hover:underline">
              {a.viewer_email ?? 'Someone'} opened {a.recipient_name ? `the link for ${a.recipient_name}` : 'your deck'}
            </Link>{' '}
            <span className="text-brand-700">· {dateTimeFormat.format(new Date(a.opened_at))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
