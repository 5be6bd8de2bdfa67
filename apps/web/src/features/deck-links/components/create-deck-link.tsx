import { DECK_LINK_EXPIRY_DAYS, type CreateDeckLink } from '@fitscore/contracts';
import { Link2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { ShownOnce } from '@/components/ui/shown-once';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCreateDeckLink } from '../api/deck-links';

const EXPIRY_CHOICES = [...DECK_LINK_EXPIRY_DAYS.map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days` })), { value: 'never', label: 'Never' }];

function Check({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The form that makes a protected link to the current deck; its URL is shown once. */
export function CreateDeckLinkForm() {
  const create = useCreateDeckLink();
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [emailRequired, setEmailRequired] = useState(true);
  const [passcode, setPasscode] = useState('');
  const [expiry, setExpiry] = useState('30');
  const [allowDownload, setAllowDownload] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const error = create.error instanceof ApiError || create.error instanceof Error ? create.error.message : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: CreateDeckLink = {
      recipient_name: recipientName,
      recipient_email: recipientEmail.trim() || null,
      email_required: emailRequired,
      passcode: passcode || null,
      expires_in_days: expiry === 'never' ? null : (Number(expiry) as CreateDeckLink['expires_in_days']),
      allow_download: allowDownload,
    };
    create.mutate(body, {
      onSuccess: ({ link }) => {
        setUrl(link.url);
        setRecipientName('');
        setRecipientEmail('');
        setPasscode('');
      },
    });
  }

  if (url) return <ShownOnce what="the deck link" label="Deck link" value={url} onDone={() => setUrl(null)} />;

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Create a deck link">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Recipient name" hint="Optional: who the link is for. Leave empty for a general link.">
          {(ids) => <Input {...ids} value={recipientName} maxLength={120} onChange={(e) => setRecipientName(e.target.value)} />}
        </Field>
        <Field label="Recipient email" hint="Optional.">
          {(ids) => <Input {...ids} type="email" value={recipientEmail} onChange={(e) => setRecipientEmail(e.target.value)} />}
        </Field>
        <Field label="Passcode" hint="Optional: at least 4 characters. Send it separately from the link.">
          {(ids) => <Input {...ids} type="text" autoComplete="off" value={passcode} maxLength={64} onChange={(e) => setPasscode(e.target.value)} />}
        </Field>
        <Field label="Link expires after">
          {(ids) => (
            <Select {...ids} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
              {EXPIRY_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Check label="Ask for the viewer’s email" hint="Each page is marked with the email they enter." checked={emailRequired} onChange={setEmailRequired} />
        <Check label="Allow downloads" hint="Otherwise readers see page images only." checked={allowDownload} onChange={setAllowDownload} />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? <Spinner label="Creating the link" /> : <Link2 className="h-4 w-4" aria-hidden="true" />}
        Create link
      </Button>
    </form>
  );
}
