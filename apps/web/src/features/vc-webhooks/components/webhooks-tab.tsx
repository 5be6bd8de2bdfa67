import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fitscore/contracts';
import {
  BookOpen,
  ChevronDown,
  ChevronUp,
  Pencil,
  Power,
  RefreshCw,
  RotateCw,
  Send,
  Trash2,
  Webhook,
} from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ShownOnce } from '@/components/ui/shown-once';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { UpgradePrompt } from '@/components/ui/upgrade-prompt';
import { API_URL } from '@/config/env';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

const stamp = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string) => stamp.format(new Date(iso));

/** What the newest attempt came to, for the toast after Resend or Send test. */
function lastOutcome(delivery: WebhookDelivery): { ok: boolean; said: string } {
  const [last] = delivery.attempts;
  const ok =
    last?.responseStatus !== undefined &&
    last.responseStatus !== null &&
    last.responseStatus >= 200 &&
    last.responseStatus < 300;
  return { ok, said: last?.responseStatus ? `HTTP ${last.responseStatus}` : (last?.error ?? 'no answer') };
}

const deliveryTone = { sent: 'green', failed: 'red', pending: 'amber' } as const;
const deliveryLabel = { sent: 'Sent', failed: 'Failed', pending: 'Retrying' } as const;

function EventChoices({
  value,
  onChange,
}: {
  value: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">Events</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <div key={event} className="flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50">
            <input
              id={`${id}-${event}`}
              type="checkbox"
              aria-describedby={`${id}-${event}-hint`}
              className="mt-0.5 h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              checked={value.includes(event)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? WEBHOOK_EVENT_TYPES.filter((x) => x === event || value.includes(x))
                    : value.filter((x) => x !== event),
                )
              }
            />
            <div>
              <label
                htmlFor={`${id}-${event}`}
                className="block cursor-pointer font-mono text-sm font-medium text-slate-900"
              >
                {event}
              </label>
              <p id={`${id}-${event}-hint`} className="text-xs text-slate-600">
                {WEBHOOK_EVENT_LABELS[event]}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Changes which events an endpoint subscribes to. */
function EditEventsForm({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const update = useUpdateWebhook();
  const toast = useToast();
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (events.length === 0) return setError('Choose at least one event');
    update.mutate(
      { id: endpoint.id, body: { events } },
      {
        onSuccess: () => {
          toast.success('Events saved');
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Could not change the endpoint')),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg bg-slate-50 p-3"
      aria-label={`Events of ${endpoint.description || endpoint.url}`}
      noValidate
    >
      <EventChoices value={events} onChange={setEvents} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save events
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function NewEndpointForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['deal.created', 'deal.scored']);
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return setError('Enter the endpoint URL');
    if (events.length === 0) return setError('Choose at least one event');
    setError(undefined);
    create.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        onSuccess: (made) => {
          onCreated(made.secret, made.endpoint.url);
          setUrl('');
          setDescription('');
        },
        onError: (err) => setError(errorMessage(err, 'Could not add the endpoint')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Add a webhook endpoint" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Endpoint URL"
          required
          error={error}
          hint="Where FitScore POSTs events, e.g. https://crm.example.com/hooks/fitscore"
        >
          {(ids) => (
            <Input
              {...ids}
              type="url"
              inputMode="url"
              value={url}
              maxLength={2000}
              placeholder="https://"
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" hint="Optional, e.g. 'CRM sync'">
          {(ids) => (
            <Input {...ids} value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
      </div>
      <EventChoices value={events} onChange={setEvents} />
      <Button type="submit" disabled={create.isPending}>
        <Webhook className="h-4 w-4" aria-hidden="true" />
        {create.isPending ? 'Adding…' : 'Add endpoint'}
      </Button>
    </form>
  );
}

function AttemptLine({ attempt }: { attempt: WebhookDelivery['attempts'][number] }) {
  const answer = attempt.responseStatus === null ? (attempt.error ?? 'No answer') : `HTTP ${attempt.responseStatus}`;
  return (
    <li className="text-xs text-slate-600">
      <span className="font-medium text-slate-800">{at(attempt.attemptedAt)}</span> · {answer} · {attempt.durationMs} ms
      {attempt.manual ? ' · sent by hand' : ''}
      {attempt.responseBody ? (
        <pre className="mt-1 max-h-24 overflow-auto rounded bg-slate-50 p-2 font-mono whitespace-pre-wrap break-all text-slate-700">
          {attempt.responseBody}
        </pre>
      ) : null}
      {attempt.responseStatus !== null && attempt.error ? <p className="mt-1">{attempt.error}</p> : null}
    </li>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery();
  const toast = useToast();
  return (
    <QueryState query={deliveries} label="Loading the deliveries">
      {(data) =>
        data.deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">
            No deliveries yet. Send a test event, or wait for the next event you subscribed to.
          </p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
            aria-label={`Deliveries to ${endpoint.url}`}
          >
            {data.deliveries.map((d) => (
              <li key={d.id} className="space-y-2 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <code className="text-sm font-semibold text-slate-900">{d.eventType}</code>
                    <Badge tone={deliveryTone[d.status]}>{deliveryLabel[d.status]}</Badge>
                    <span className="text-xs text-slate-600">{at(d.createdAt)}</span>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={resend.isPending || endpoint.state === 'disabled'}
                    aria-label={`Resend ${d.eventType} of ${at(d.createdAt)}`}
                    onClick={() =>
                      resend.mutate(d.id, {
                        onSuccess: ({ delivery }) => {
                          void deliveries.refetch();
                          const { ok, said } = lastOutcome(delivery);
                          if (ok) toast.success('Delivered');
                          else toast.error(`Not delivered: ${said}`);
                        },
                        onError: (err) => toast.error(errorMessage(err, 'Could not resend the delivery')),
                      })
                    }
                  >
                    <RefreshCw className="h-4 w-4" aria-hidden="true" />
                    Resend
                  </Button>
                </div>
                <p className="font-mono text-xs break-all text-slate-500">webhook-id {d.messageId}</p>
                {d.nextAttemptAt ? <p className="text-xs text-amber-800">Next try {at(d.nextAttemptAt)}</p> : null}
                <ol className="space-y-2" aria-label="Attempts">
                  {d.attempts.map((a) => (
                    <AttemptLine key={a.id} attempt={a} />
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

function EndpointRow({
  endpoint,
  onSecret,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string, url: string) => void;
  onDelete: (e: WebhookEndpoint) => void;
}) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const toast = useToast();
  const disabled = endpoint.state === 'disabled';
  const name = endpoint.description || endpoint.url;
  const listId = useId();
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-col gap-3">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">
              {endpoint.url}
            </span>
            <Badge tone={disabled ? 'red' : 'green'}>{disabled ? 'Disabled' : 'Active'}</Badge>
          </div>
          {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
          {disabled && endpoint.disabledReason ? (
            <p className="text-sm text-red-700">{endpoint.disabledReason}</p>
          ) : null}
          <div className="flex flex-wrap gap-1">
            {endpoint.events.map((e) => (
              <Badge key={e} tone="brand" className="font-mono">
                {e}
              </Badge>
            ))}
          </div>
          <p className="text-xs text-slate-600">
            Added {at(endpoint.createdAt)}
            {endpoint.createdBy ? ` by ${endpoint.createdBy}` : ''}
            {endpoint.previousSecretExpiresAt
              ? ` · The previous secret also signs until ${at(endpoint.previousSecretExpiresAt)}`
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={test.isPending || disabled}
            aria-label={`Send a test event to ${name}`}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: ({ delivery }) => {
                  setOpen(true);
                  const { ok, said } = lastOutcome(delivery);
                  if (ok) toast.success('Test event delivered');
                  else toast.error(`Test event not delivered: ${said}`);
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not send the test event')),
              })
            }
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            Send test event
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={rotate.isPending}
            aria-label={`Rotate the secret of ${name}`}
            onClick={() =>
              rotate.mutate(endpoint.id, {
                onSuccess: (r) => onSecret(r.secret, r.endpoint.url),
                onError: (err) => toast.error(errorMessage(err, 'Could not rotate the secret')),
              })
            }
          >
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            Rotate secret
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={update.isPending}
            aria-label={`${disabled ? 'Enable' : 'Disable'} ${name}`}
            onClick={() =>
              update.mutate(
                { id: endpoint.id, body: { disabled: !disabled } },
                { onError: (err) => toast.error(errorMessage(err, 'Could not change the endpoint')) },
              )
            }
          >
            <Power className="h-4 w-4" aria-hidden="true" />
            {disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
            aria-label={`Edit the events of ${name}`}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit events
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDelete(endpoint)} aria-label={`Delete ${name}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      {editing ? <EditEventsForm endpoint={endpoint} onDone={() => setEditing(false)} /> : null}
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? (
          <ChevronUp className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        )}
        {open ? 'Hide deliveries' : 'Show deliveries'}
      </Button>
      <div id={listId}>{open ? <Deliveries endpoint={endpoint} /> : null}</div>
    </li>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const remove = useDeleteWebhook();
  const toast = useToast();
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title="Delete this endpoint?"
      description={`${endpoint?.url ?? ''} gets no more events, and its deliveries are deleted. This cannot be undone.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            endpoint &&
            remove.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success('Endpoint deleted');
                onClose();
              },
              onError: (err) => toast.error(errorMessage(err, 'Could not delete the endpoint')),
            })
          }
        >
          Delete endpoint
        </Button>
      </div>
    </Dialog>
  );
}

function Endpoints() {
  const endpoints = useWebhookEndpoints(true);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const showSecret = (s: string, url: string) => setSecret({ secret: s, url });
  return (
    <QueryState query={endpoints} label="Loading your webhooks">
      {(data) =>
        !data.allowed ? (
          <UpgradePrompt
            title="Outgoing webhooks are an Enterprise feature"
            text={WEBHOOK_MESSAGES.enterpriseRequired}
            action="Contact Sales"
            to={paths.contact}
            label="Enterprise plan for outgoing webhooks"
          />
        ) : (
          <div className="space-y-6">
            {secret ? (
              <ShownOnce what={`the signing secret for ${secret.url}`} label="Signing secret" value={secret.secret} onDone={() => setSecret(null)} />
            ) : null}
            <NewEndpointForm onCreated={showSecret} />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Your fund&apos;s endpoints</h3>
              {data.endpoints.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No webhook endpoints yet.</p>
              ) : (
                <ul className="divide-y divide-slate-200" aria-label="Webhook endpoints">
                  {data.endpoints.map((e) => (
                    <EndpointRow key={e.id} endpoint={e} onSecret={showSecret} onDelete={setDeleting} />
                  ))}
                </ul>
              )}
            </div>
            <DeleteDialog endpoint={deleting} onClose={() => setDeleting(null)} />
          </div>
        )
      }
    </QueryState>
  );
}

/** Settings' Webhooks tab: the fund's outgoing webhook endpoints and their deliveries (admins). */
export function WebhooksTab({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>Outgoing webhooks</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          FitScore POSTs your deal events to your systems as they happen, signed with{' '}
          <a
            className="font-medium text-brand-700 hover:underline"
            href="https://www.standardwebhooks.com/"
            target="_blank"
            rel="noreferrer"
          >
            Standard Webhooks
          </a>{' '}
          headers, and retries failed deliveries for a day.{' '}
          <a
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            href={`${API_URL}/docs/`}
            target="_blank"
            rel="noreferrer"
          >
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            API reference
          </a>
        </p>
      </CardHeader>
      <CardBody>{readOnly ? <AdminOnlyNote admins={admins} what="your fund's webhooks" /> : <Endpoints />}</CardBody>
    </Card>
  );
}
