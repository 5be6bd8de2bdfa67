import type { IntakeSettings } from '@fitscore/contracts';
import { AlertTriangle, Globe, KeyRound, Mail, RefreshCw, Webhook } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useRotateEmailToken, useRotateWebhookSecret } from '../api/intake';
import { webhookCurl } from '../lib/webhook-example';

function Channel({ icon, title, status, children }: { icon: ReactNode; title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-5" aria-label={title}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-lg bg-brand-50 p-1.5 text-brand-700" aria-hidden="true">
          {icon}
        </span>
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {status}
      </div>
      {children}
    </section>
  );
}

const FORWARDING_GUIDES = [
  {
    id: 'gmail',
    label: 'Gmail',
    steps: [
      'In Gmail, open Settings → See all settings → Forwarding and POP/IMAP, choose “Add a forwarding address”, paste the address above and confirm.',
      'In the search bar, search subject:("Pitch Deck" OR "Investment Deck"), open the search options and choose “Create filter”.',
      'Tick “Forward it to” and pick the address above, then “Create filter”.',
    ],
  },
  {
    id: 'outlook',
    label: 'Outlook',
    steps: [
      'In Outlook, open Settings → Mail → Rules and choose “Add new rule”.',
      'Condition: “Subject includes” — add “Pitch Deck” and “Investment Deck”.',
      'Action: “Forward to” the address above, then Save.',
    ],
  },
  {
    id: 'other',
    label: 'Other',
    steps: [
      'Create a mail rule or filter on the subject containing “Pitch Deck” or “Investment Deck”.',
      'Make it forward (not redirect as an attachment) to the address above; the original attachments must travel with it.',
      'Mail services that post inbound email to a URL (Postmark, SendGrid Inbound Parse, Mailgun) can use the endpoint below instead.',
    ],
  },
] as const;

function ForwardingGuide() {
  return (
    <Tabs.Root defaultValue="gmail" className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <Tabs.List aria-label="Forwarding instructions" className="mb-3 flex gap-1">
        {FORWARDING_GUIDES.map((g) => (
          <Tabs.Trigger
            key={g.id}
            value={g.id}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm"
          >
            {g.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {FORWARDING_GUIDES.map((g) => (
        <Tabs.Content key={g.id} value={g.id}>
          <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
            {g.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** Who may rotate: admins get the button, a member learns who can before trying. */
interface Rights {
  readOnly: boolean;
  admins: string[];
}

function WebhookSecret({ settings, rights }: { settings: IntakeSettings; rights: Rights }) {
  const rotate = useRotateWebhookSecret();
  const toast = useToast();
  const [secret, setSecret] = useState<string | null>(null);
  const onRotate = async () => {
    if (settings.webhookSecretSet && !window.confirm('Rotate the webhook secret? Requests signed with the old one will be refused.')) return;
    try {
      const { secret: fresh } = await rotate.mutateAsync();
      setSecret(fresh);
      toast.success('Webhook secret created');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not create a webhook secret'));
    }
  };
  return (
    <div className="space-y-3">
      {secret ? (
        <>
          <div role="status" className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            Copy this secret now and keep it in your other system&apos;s settings: for your security it is not shown again.
          </div>
          <CopyField label="Signing secret" value={secret} copiedMessage="Secret copied to clipboard" />
          <CopyField
            label="Try it: a signed request from your shell"
            value={webhookCurl(settings.webhookUrl, secret)}
            copiedMessage="Example copied to clipboard"
            multiline
            hint={
              <>
                Sends our sample deck as a new deal. Needs bash, curl, openssl and base64. How to sign and send from your own
                system: <Link to={paths.docsWebhooks} className="font-medium text-brand-700 underline">the webhook docs</Link>.
              </>
            }
          />
        </>
      ) : (
        <p className="text-sm text-slate-600">
          {settings.webhookSecretSet
            ? 'A signing secret is set. It was shown once, when it was created; rotate it to get a new one.'
            : 'Create a signing secret first: unsigned requests are refused.'}
        </p>
      )}
      {rights.readOnly ? (
        <AdminOnlyNote admins={rights.admins} what="the webhook secret (Create secret, Rotate secret)" />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void onRotate()} disabled={rotate.isPending}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {rotate.isPending ? 'Creating...' : settings.webhookSecretSet ? 'Rotate secret' : 'Create secret'}
        </Button>
      )}
    </div>
  );
}

function EmailEndpoint({ settings, rights }: { settings: IntakeSettings; rights: Rights }) {
  const rotate = useRotateEmailToken();
  const toast = useToast();
  const onRotate = async () => {
    if (!window.confirm('Rotate the inbound email endpoint? The current URL stops working at once.')) return;
    try {
      await rotate.mutateAsync();
      toast.success('Inbound email endpoint rotated');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not rotate the email endpoint'));
    }
  };
  return (
    <div className="space-y-2">
      <CopyField
        label="Inbound email endpoint"
        value={settings.emailEndpoint}
        hint="For mail services that post inbound email to a URL: raw MIME (message/rfc822), Postmark, SendGrid Inbound Parse or Mailgun. Keep it private: it contains a secret."
      />
      {rights.readOnly ? (
        <AdminOnlyNote admins={rights.admins} what="the inbound email endpoint (Rotate endpoint)" />
      ) : (
        <Button variant="ghost" size="sm" onClick={() => void onRotate()} disabled={rotate.isPending}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {rotate.isPending ? 'Rotating...' : 'Rotate endpoint'}
        </Button>
      )}
    </div>
  );
}

const onOff = (on: boolean) => <Badge tone={on ? 'green' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>;

/** Where deals come from: the apply page, the forwarding address and the signed webhook, each ready to copy. */
export function IntakeAddresses({ settings, readOnly = false, admins = [] }: { settings: IntakeSettings; readOnly?: boolean; admins?: string[] }) {
  const rights = { readOnly, admins };
  const embed = `<iframe src="${settings.applyUrl}" title="Apply" style="width:100%;min-height:1100px;border:0"></iframe>`;
  const button = `<a href="${settings.applyUrl}" target="_blank" rel="noopener">Apply with your deck</a>`;
  return (
    <div className="space-y-4">
      <Channel icon={<Globe className="h-4 w-4" />} title="Online Form" status={onOff(settings.formEnabled)}>
        <CopyField label="Public apply URL" value={settings.applyUrl} hint="Share it anywhere: founders apply with their deck, no account needed." />
        <CopyField label="Embed on your website" value={embed} copiedMessage="Snippet copied to clipboard" multiline />
        <CopyField label="Or link a button to it" value={button} copiedMessage="Snippet copied to clipboard" />
      </Channel>
      <Channel icon={<Mail className="h-4 w-4" />} title="Email Forwarding" status={onOff(settings.emailEnabled)}>
        <CopyField
          label="Forwarding address"
          value={settings.emailAddress}
          copiedMessage="Address copied to clipboard"
          hint="Forward mail whose subject contains ‘Pitch Deck’ or ‘Investment Deck’ here; the first PDF or PowerPoint attached becomes the deal’s deck."
        />
        <ForwardingGuide />
        <EmailEndpoint settings={settings} rights={rights} />
      </Channel>
      <Channel icon={<Webhook className="h-4 w-4" />} title="Webhook" status={onOff(settings.webhookSecretSet)}>
        <CopyField label="Webhook URL" value={settings.webhookUrl} hint="POST a JSON deal (company_name required; deck_base64 and deck_filename for the deck), signed with your secret." />
        <WebhookSecret settings={settings} rights={rights} />
      </Channel>
    </div>
  );
}

/** The two addresses to hand out first, where setup ends; the rest is in Settings → Intake Sources. */
export function IntakeQuickAddresses({ settings, settingsTo }: { settings: IntakeSettings; settingsTo: string }) {
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <CopyField label="Public apply URL" value={settings.applyUrl} />
      <CopyField label="Forwarding address" value={settings.emailAddress} copiedMessage="Address copied to clipboard" />
      <p className="text-xs text-slate-600">
        Forwarding instructions, the webhook and the log of everything received are in{' '}
        <Link to={settingsTo} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Settings → Intake Sources
        </Link>
        .
      </p>
    </div>
  );
}
