import { SSO_MESSAGES, type ScimToken, type SsoSettings } from '@fitscore/contracts';
import { KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Button } from '@/components/ui/button';
import { ShownOnce } from '@/components/ui/shown-once';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { UpgradePrompt } from '@/components/ui/upgrade-prompt';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreateScimToken, useRemoveSso, useRevokeScimToken, useSaveSso, useSsoSettings } from '../api/sso';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const when = (iso: string | null, never: string) => (iso ? day.format(new Date(iso)) : never);

type Errors = Partial<Record<'issuerUrl' | 'clientId' | 'clientSecret' | 'domains' | 'requireSso', string>>;

/** The identity provider's details: issuer, client, secret (never shown back), domains and Require SSO. */
function ConnectionForm({ settings, children }: { settings: SsoSettings; children?: ReactNode }) {
  const id = useId();
  const save = useSaveSso();
  const toast = useToast();
  const current = settings.connection;
  const [issuerUrl, setIssuerUrl] = useState(current?.issuerUrl ?? '');
  const [clientId, setClientId] = useState(current?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(current?.domains.join(', ') ?? '');
  const [requireSso, setRequireSso] = useState(current?.requireSso ?? false);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = domains
      .split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean);
    const found: Errors = {};
    if (!/^https?:\/\//i.test(issuerUrl.trim())) found.issuerUrl = 'Enter the issuer URL, like https://your-org.okta.com';
    if (!clientId.trim()) found.clientId = 'Enter the client ID';
    if (!current?.hasClientSecret && !clientSecret.trim()) found.clientSecret = SSO_MESSAGES.secretRequired;
    if (list.length === 0) found.domains = 'Enter at least one email domain';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { issuerUrl: issuerUrl.trim(), clientId: clientId.trim(), ...(clientSecret.trim() ? { clientSecret: clientSecret.trim() } : {}), domains: list, requireSso },
      {
        onSuccess: () => {
          setClientSecret('');
          toast.success('Single sign-on settings saved');
        },
        onError: (err) => {
          // Field errors come as [{ path, message }]: each shown beside its field.
          const fields: Errors = {};
          if (err instanceof ApiError && Array.isArray(err.details)) {
            for (const d of err.details as { path?: unknown; message?: unknown }[]) {
              const key = String(d.path ?? '').split('.')[0] as keyof Errors;
              if (['issuerUrl', 'clientId', 'clientSecret', 'domains', 'requireSso'].includes(key) && typeof d.message === 'string') fields[key] ??= d.message;
            }
          }
          setErrors(fields);
          toast.error(errorMessage(err, 'Could not save the single sign-on settings'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Identity provider" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Issuer URL" required error={errors.issuerUrl} hint="From your identity provider, e.g. https://your-org.okta.com">
          {(ids) => <Input {...ids} type="url" value={issuerUrl} maxLength={500} onChange={(e) => setIssuerUrl(e.target.value)} placeholder="https://" />}
        </Field>
        <Field label="Client ID" required error={errors.clientId}>
          {(ids) => <Input {...ids} value={clientId} maxLength={300} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />}
        </Field>
        <Field
          label="Client secret"
          required={!current?.hasClientSecret}
          error={errors.clientSecret}
          hint={current?.hasClientSecret ? 'A secret is stored. Leave this empty to keep it.' : 'Stored encrypted; never shown again.'}
        >
          {(ids) => <Input {...ids} type="password" value={clientSecret} maxLength={1000} onChange={(e) => setClientSecret(e.target.value)} autoComplete="new-password" />}
        </Field>
        <Field label="Email domains" required error={errors.domains} hint="Comma-separated, e.g. yourfund.com, yourfund.vc">
          {(ids) => <Input {...ids} value={domains} onChange={(e) => setDomains(e.target.value)} placeholder="yourfund.com" />}
        </Field>
      </div>
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-3">
        <input
          id={`${id}-require`}
          type="checkbox"
          aria-describedby={errors.requireSso ? `${id}-require-hint ${id}-require-error` : `${id}-require-hint`}
          aria-invalid={errors.requireSso ? true : undefined}
          className="mt-0.5 h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 focus:ring-brand-500"
          checked={requireSso}
          onChange={(e) => setRequireSso(e.target.checked)}
        />
        <div>
          <label htmlFor={`${id}-require`} className="block cursor-pointer text-sm font-medium text-slate-900">
            Require SSO
          </label>
          <p id={`${id}-require-hint`} className="text-xs text-slate-600">
            Password sign-in is refused for every member of the fund and every email in these domains, yours included: everyone signs in through your
            identity provider. Your own email must be in these domains.
          </p>
          {errors.requireSso && (
            <p id={`${id}-require-error`} role="alert" className="mt-1 text-xs font-medium text-red-600">
              {errors.requireSso}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={save.isPending}>
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {save.isPending ? 'Checking the provider…' : current ? 'Save changes' : 'Turn on single sign-on'}
        </Button>
        {children}
      </div>
    </form>
  );
}

function ScimTokens({ tokens }: { tokens: ScimToken[] }) {
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const toast = useToast();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  return (
    <div className="space-y-3">
      {created ? (
        <ShownOnce what="the SCIM token" label="SCIM token" value={created} onDone={() => setCreated(null)} />
      ) : null}
      <Button
        variant="secondary"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (made) => setCreated(made.token),
            onError: (err) => toast.error(errorMessage(err, 'Could not create the SCIM token')),
          })
        }
      >
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {create.isPending ? 'Creating…' : 'Create SCIM token'}
      </Button>
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-600">No SCIM tokens yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="SCIM tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t.preview}</code>
                <p className="mt-1 text-xs text-slate-600">
                  Created {when(t.createdAt, '')}
                  {t.createdBy ? ` by ${t.createdBy}` : ''} · Last used {when(t.lastUsedAt, 'never')}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke SCIM token ${t.preview}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
        title="Revoke this SCIM token?"
        description="Your identity provider's next provisioning call with it is refused. This cannot be undone."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRevoking(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() =>
              revoking &&
              revoke.mutate(revoking.id, {
                onSuccess: () => {
                  toast.success('SCIM token revoked');
                  setRevoking(null);
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not revoke the SCIM token')),
              })
            }
          >
            Revoke token
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function TurnOff() {
  const remove = useRemoveSso();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Turn off single sign-on
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Turn off single sign-on?" description="Your members sign in with their passwords again (or reset them). SCIM tokens keep working.">
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success('Single sign-on is off');
                  setOpen(false);
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not turn single sign-on off')),
              })
            }
          >
            Turn off
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function Settings() {
  const sso = useSsoSettings(true);
  return (
    <QueryState query={sso} label="Loading your single sign-on settings">
      {(data) =>
        !data.allowed ? (
          <UpgradePrompt title="Single sign-on is an Enterprise feature" text={SSO_MESSAGES.enterpriseRequired} action="Contact Sales" to={paths.contact} label="Enterprise plan for single sign-on" />
        ) : (
          <div className="space-y-8">
            <section aria-labelledby="sso-idp" className="space-y-4">
              <h3 id="sso-idp" className="text-sm font-semibold text-slate-900">
                1. Register FitScore at your identity provider
              </h3>
              <CopyField label="Redirect URI" value={data.redirectUri} copiedMessage="Redirect URI copied to clipboard" hint="Add it as a sign-in redirect URI of a new OpenID Connect web application (authorization code flow)." />
            </section>
            <section aria-labelledby="sso-connection" className="space-y-4">
              <h3 id="sso-connection" className="text-sm font-semibold text-slate-900">
                2. Connect it here
              </h3>
              <ConnectionForm key={data.connection?.updatedAt ?? 'new'} settings={data}>
                {data.connection ? <TurnOff /> : null}
              </ConnectionForm>
            </section>
            <section aria-labelledby="sso-scim" className="space-y-4">
              <h3 id="sso-scim" className="text-sm font-semibold text-slate-900">
                3. Provisioning with SCIM (optional)
              </h3>
              <p className="text-sm text-slate-600">
                Your identity provider adds people to the fund and removes them: a deactivated person loses access at once, open sessions included.
              </p>
              <CopyField label="SCIM base URL" value={data.scimBaseUrl} copiedMessage="SCIM base URL copied to clipboard" />
              <ScimTokens tokens={data.scimTokens} />
            </section>
          </div>
        )
      }
    </QueryState>
  );
}

/** Settings' Single sign-on tab: the fund's identity provider and SCIM tokens (admins). */
export function SsoTab({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>Single sign-on</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Your team signs in through your identity provider (Okta, Microsoft Entra ID, Google Workspace or any OpenID Connect provider). People
          with an email in your domains join the fund as members at their first sign-in.
        </p>
      </CardHeader>
      <CardBody>{readOnly ? <AdminOnlyNote admins={admins} what="single sign-on" /> : <Settings />}</CardBody>
    </Card>
  );
}
