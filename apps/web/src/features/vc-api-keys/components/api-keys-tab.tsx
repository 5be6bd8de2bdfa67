import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, API_MESSAGES, type ApiKey, type ApiKeyScope } from '@fitscore/contracts';
import { BookOpen, KeyRound, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ShownOnce } from '@/components/ui/shown-once';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { UpgradePrompt } from '@/components/ui/upgrade-prompt';
import { API_URL } from '@/config/env';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
] as const;

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const when = (iso: string | null, never: string) => (iso ? day.format(new Date(iso)) : never);

function stateOf(key: ApiKey): { label: string; tone: 'green' | 'red' | 'neutral' } {
  if (key.revokedAt) return { label: 'Revoked', tone: 'red' };
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return { label: 'Expired', tone: 'neutral' };
  return { label: 'Active', tone: 'green' };
}

function NewKeyForm({ onCreated }: { onCreated: (key: string, name: string) => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const toast = useToast();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['deals:read']);
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the key a name');
    if (scopes.length === 0) return setError('Choose at least one scope');
    setError(undefined);
    const expiresAt = expiry ? new Date(Date.now() + Number(expiry) * 86_400_000).toISOString() : null;
    create.mutate(
      { name: name.trim(), scopes, expiresAt },
      {
        onSuccess: (made) => {
          onCreated(made.key, made.apiKey.name);
          setName('');
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not create the API key')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Create an API key" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Key name" required error={error} hint="Where it is used, e.g. 'Warehouse sync'">
          {(ids) => <Input {...ids} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Expires">
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
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Scopes</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <div key={scope} className="flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50">
              <input
                id={`${id}-${scope}`}
                type="checkbox"
                aria-describedby={`${id}-${scope}-hint`}
                className="mt-0.5 h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.target.checked ? API_KEY_SCOPES.filter((s) => s === scope || scopes.includes(s)) : scopes.filter((s) => s !== scope))}
              />
              <div>
                <label htmlFor={`${id}-${scope}`} className="block cursor-pointer font-mono text-sm font-medium text-slate-900">
                  {scope}
                </label>
                <p id={`${id}-${scope}-hint`} className="text-xs text-slate-600">
                  {API_KEY_SCOPE_LABELS[scope]}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {create.isPending ? 'Creating…' : 'Create key'}
      </Button>
    </form>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const state = stateOf(apiKey);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{apiKey.name}</span>
          <Badge tone={state.tone}>{state.label}</Badge>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{apiKey.preview}</code>
        </div>
        <div className="flex flex-wrap gap-1">
          {apiKey.scopes.map((s) => (
            <Badge key={s} tone="brand" className="font-mono">
              {s}
            </Badge>
          ))}
        </div>
        <p className="text-xs text-slate-600">
          Created {when(apiKey.createdAt, '')}
          {apiKey.createdBy ? ` by ${apiKey.createdBy}` : ''} · Last used {when(apiKey.lastUsedAt, 'never')} · Expires {when(apiKey.expiresAt, 'never')}
          {apiKey.revokedAt ? ` · Revoked ${when(apiKey.revokedAt, '')}` : ''}
        </p>
      </div>
      {apiKey.revokedAt ? null : (
        <Button variant="secondary" size="sm" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Revoke
        </Button>
      )}
    </li>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const toast = useToast();
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={`Revoke ${apiKey?.name ?? 'this key'}?`}
      description="Anything using it is refused from its next call. This cannot be undone."
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={revoke.isPending}
          onClick={() =>
            apiKey &&
            revoke.mutate(apiKey.id, {
              onSuccess: () => {
                toast.success(`${apiKey.name} is revoked`);
                onClose();
              },
              onError: (err) => toast.error(errorMessage(err, 'Could not revoke the API key')),
            })
          }
        >
          Revoke key
        </Button>
      </div>
    </Dialog>
  );
}

function Keys() {
  const keys = useApiKeys(true);
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <QueryState query={keys} label="Loading your API keys">
      {(data) =>
        !data.allowed ? (
          <UpgradePrompt title="API access is an Enterprise feature" text={API_MESSAGES.enterpriseRequired} action="Contact Sales" to={paths.contact} label="Enterprise plan for API access" />
        ) : (
          <div className="space-y-6">
            {created ? (
              <ShownOnce what={`the key for ${created.name}`} label="API key" value={created.key} onDone={() => setCreated(null)} />
            ) : null}
            <NewKeyForm onCreated={(key, name) => setCreated({ key, name })} />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Your fund&apos;s keys</h3>
              {data.keys.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No API keys yet.</p>
              ) : (
                <ul className="divide-y divide-slate-200" aria-label="API keys">
                  {data.keys.map((k) => (
                    <KeyRow key={k.id} apiKey={k} onRevoke={setRevoking} />
                  ))}
                </ul>
              )}
            </div>
            <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
          </div>
        )
      }
    </QueryState>
  );
}

/** Settings' API tab: the fund's API keys (admins), and where the API is documented. */
export function ApiKeysTab({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>API keys</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Let your warehouse, CRM or scripts read and update your pipeline through the FitScore API. Send a key as{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>.{' '}
          <a className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline" href={`${API_URL}/docs/`} target="_blank" rel="noreferrer">
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            API reference
          </a>
        </p>
      </CardHeader>
      <CardBody>{readOnly ? <AdminOnlyNote admins={admins} what="your fund's API keys" /> : <Keys />}</CardBody>
    </Card>
  );
}
