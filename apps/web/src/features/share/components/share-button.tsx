import { SHARE_LINK_EXPIRY_DAYS, type ShareLink } from '@fitscore/contracts';
import { AlertTriangle, Copy, Eye, Link2, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import { plural } from '@/lib/plural';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Expiry = (typeof SHARE_LINK_EXPIRY_DAYS)[number] | null;
const EXPIRY_CHOICES: { value: string; label: string }[] = [
  ...SHARE_LINK_EXPIRY_DAYS.map((d) => ({ value: String(d), label: `${d} days` })),
  { value: 'never', label: 'Never' },
];
const DEFAULT_EXPIRY = '30';

const expired = (link: ShareLink) => link.expires_at !== null && Date.parse(link.expires_at) <= Date.now();

function expiryText(link: ShareLink) {
  if (link.expires_at === null) return 'never expires';
  return `${expired(link) ? 'expired' : 'expires'} ${dateFormat.format(new Date(link.expires_at))}`;
}

function viewsText(link: ShareLink) {
  const views = plural(link.views, 'view');
  return link.last_viewed_at ? `${views} · last ${dateTimeFormat.format(new Date(link.last_viewed_at))}` : views;
}

function LinkRow({ link, onRevoke, revoking }: { link: ShareLink; onRevoke: (id: string) => void; revoking: boolean }) {
  const id = useId();
  const revoked = link.revoked_at !== null;
  const off = revoked || expired(link);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
      <div className="min-w-0 flex-1">
        <p id={`${id}-url`} className={off ? 'text-xs text-slate-400 line-through' : 'text-xs text-slate-700'}>
          Link of {dateTimeFormat.format(new Date(link.created_at))} · {expiryText(link)}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          <span>
            Score {link.score.overall} of {dateFormat.format(new Date(link.score.created_at))}
          </span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Eye className="h-3.5 w-3.5" aria-hidden="true" />
            <span data-testid="share-link-views">{viewsText(link)}</span>
          </span>
        </p>
      </div>
      {off ? (
        <Badge className="self-start sm:self-center">{revoked ? 'Revoked' : 'Expired'}</Badge>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start text-red-700 sm:self-center"
          onClick={() => onRevoke(link.id)}
          disabled={revoking}
          aria-describedby={`${id}-url`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

function ShareDialogBody() {
  const toast = useToast();
  const links = useShareLinks();
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  // The link made just now: the only time its URL is known (the server keeps a hash of it).
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const expiryId = useId();

  const all = links.data?.links ?? [];
  // Shown until it is revoked (the list may not have reloaded yet right after creating it).
  const current = created && !all.some((l) => l.id === created.id && l.revoked_at !== null) ? created : null;

  function createLink() {
    const days: Expiry = expiry === 'never' ? null : (Number(expiry) as Exclude<Expiry, null>);
    create.mutate(days, {
      onSuccess: ({ link }) => setCreated(link),
      onError: (err) => toast.error(err.message),
    });
  }

  const expiryPicker = (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={expiryId}>Link expires after</label>
      <Select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value)} className="w-auto">
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </div>
  );

  async function copy(url: string, inputId: string) {
    if (await copyText(url, inputId)) toast.success('URL copied to clipboard');
    else toast.error('Could not copy the link. Select it and copy it by hand.');
  }

  function revokeLink(id: string) {
    revoke.mutate(id, {
      onSuccess: () => toast.success('Link revoked. It no longer opens.'),
      onError: (err) => toast.error(err.message),
    });
  }

  return (
    <div className="space-y-5">
      {links.isPending ? (
        <div className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="text-brand-600" label="Loading your share links" />
          <span aria-hidden="true">Loading your links…</span>
        </div>
      ) : links.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
          <span className="flex-1">{links.error.message}</span>
          <Button variant="secondary" size="sm" onClick={() => void links.refetch()}>
            Try again
          </Button>
        </div>
      ) : current?.url ? (
        <div className="space-y-2">
          <Field
            label="Share link"
            hint={`Shows your FitScore of ${dateFormat.format(new Date(current.score.created_at))} (${current.score.overall}/100); ${expiryText(current)}. Copy it now: for your security it is not shown again.`}
          >
            {(ids) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input {...ids} readOnly value={current.url ?? ''} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <Button onClick={() => void copy(current.url ?? '', ids.id)} className="shrink-0">
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  Copy Link
                </Button>
              </div>
            )}
          </Field>
          {expiryPicker}
          <Button variant="link" className="text-sm" onClick={createLink} disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create a new link for my latest score'}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-4 text-center">
          <p className="text-sm text-slate-600">Create a link to share a read-only copy of your latest FitScore.</p>
          {expiryPicker}
          <Button onClick={createLink} disabled={create.isPending}>
            {create.isPending ? <Spinner className="scale-75" label="Creating the link" /> : <Link2 className="h-4 w-4" aria-hidden="true" />}
            {create.isPending ? 'Creating…' : 'Create link'}
          </Button>
        </div>
      )}

      {all.length > 0 ? (
        <section aria-labelledby="share-links-heading">
          <h3 id="share-links-heading" className="text-sm font-semibold text-slate-900">
            Your links
          </h3>
          <ul className="divide-y divide-slate-100" aria-labelledby="share-links-heading">
            {all.map((link) => (
              <LinkRow key={link.id} link={link} onRevoke={revokeLink} revoking={revoke.isPending && revoke.variables === link.id} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** 'Share': a dialog that creates read-only public links to the FitScore, copies them, counts views and revokes them. */
export function ShareButton({ variant = 'secondary', size, className }: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Share2 className="h-4 w-4" aria-hidden="true" />
        Share
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Share your FitScore"
        description="Anyone with a link can see a read-only copy of your FitScore without signing in. A link keeps showing the score it was created from: after a rescore, create a new link. A link can expire; revoke it to switch it off sooner."
        className="max-w-xl"
      >
        {open ? <ShareDialogBody /> : null}
      </Dialog>
    </>
  );
}
