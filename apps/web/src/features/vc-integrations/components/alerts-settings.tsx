import {
  ALERT_EVENT_LABELS,
  ALERT_EVENTS,
  ALERT_TARGET_LABELS,
  type AlertEvent,
  type AlertTestResult,
  type IntegrationSettings,
} from '@fitscore/contracts';
import { CheckCircle2, Send, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useSaveIntegrations, useSendTestAlert } from '../api/integrations';

const EVENT_HINTS: Record<AlertEvent, string> = {
  match: 'A deal or company fits your thesis at or above the alert threshold',
  warmintro: 'A founder asks your fund for an intro',
  status: 'A deal is moved to Hot, Track or Cold',
};

function EventChoices({ value, onChange }: { value: AlertEvent[]; onChange: (v: AlertEvent[]) => void }) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Send these events</legend>
      {ALERT_EVENTS.map((event) => (
        <div key={event} className="flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50">
          <input
            id={`${id}-${event}`}
            type="checkbox"
            aria-describedby={`${id}-${event}-hint`}
            className="mt-0.5 h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            checked={value.includes(event)}
            onChange={(e) => onChange(e.target.checked ? ALERT_EVENTS.filter((x) => x === event || value.includes(x)) : value.filter((x) => x !== event))}
          />
          <div>
            <label htmlFor={`${id}-${event}`} className="block cursor-pointer text-sm font-medium text-slate-900">
              {ALERT_EVENT_LABELS[event]}
            </label>
            <p id={`${id}-${event}-hint`} className="text-xs text-slate-500">
              {EVENT_HINTS[event]}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

function TestResults({ results }: { results: AlertTestResult[] }) {
  return (
    <ul aria-label="Test results" className="space-y-2">
      {results.map((r) => (
        <li key={r.target} className={`flex items-start gap-2 rounded-lg p-3 text-sm ${r.ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}>
          {r.ok ? <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
          <span className="min-w-0 break-words">
            {r.ok ? (
              <>
                <strong>{ALERT_TARGET_LABELS[r.target]}:</strong> test message delivered ({r.status})
              </>
            ) : (
              r.error
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Alerts form: Slack and Teams webhook URLs (shown masked once saved; leave a masked value as
 * it is to keep it, clear it to remove), the events sent, the match threshold, Save and Send test.
 * `readOnly`: a member's view: the values, no Save or Send test.
 */
export function AlertsSettingsForm({ initial, readOnly = false }: { initial: IntegrationSettings; readOnly?: boolean }) {
  const [slack, setSlack] = useState(initial.slackWebhookUrl ?? '');
  const [teams, setTeams] = useState(initial.teamsWebhookUrl ?? '');
  const [events, setEvents] = useState<AlertEvent[]>(initial.events);
  const [threshold, setThreshold] = useState(String(initial.alertThreshold));
  const [error, setError] = useState<string | undefined>();
  const [results, setResults] = useState<AlertTestResult[] | null>(null);
  const save = useSaveIntegrations();
  const test = useSendTestAlert();
  const toast = useToast();
  const thresholdId = useId();

  const onSave = async (e: React.FormEvent) => {
    e.preventDefault();
    const alertThreshold = Number(threshold);
    if (threshold.trim() === '' || !Number.isInteger(alertThreshold) || alertThreshold < 0 || alertThreshold > 100) {
      setError('The alert threshold is between 0 and 100');
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync({ slackWebhookUrl: slack.trim() || null, teamsWebhookUrl: teams.trim() || null, events, alertThreshold });
      setSlack(saved.slackWebhookUrl ?? '');
      setTeams(saved.teamsWebhookUrl ?? '');
      toast.success('Alert settings saved');
    } catch (err) {
      setError(errorMessage(err, 'Could not save your alert settings'));
    }
  };

  const onTest = async () => {
    setResults(null);
    try {
      setResults((await test.mutateAsync()).results);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the test'));
    }
  };

  // 'Send test' posts to what is stored, so it needs a saved webhook.
  const stored = save.data ?? initial;
  const saved = Boolean(stored.slackWebhookUrl || stored.teamsWebhookUrl);
  return (
    <form onSubmit={(e) => void onSave(e)} className="space-y-6" noValidate>
      <fieldset disabled={readOnly} className="space-y-6 disabled:opacity-60">
        <div className="grid gap-5 lg:grid-cols-2">
          <Field label="Slack webhook URL" hint="Slack app → Incoming Webhooks → Add New Webhook to Workspace, then copy the URL.">
            {(ids) => <Input {...ids} type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://hooks.slack.com/services/…" value={slack} onChange={(e) => setSlack(e.target.value)} />}
          </Field>
          <Field label="Microsoft Teams webhook URL" hint="In the channel: Workflows → 'Post to a channel when a webhook request is received', then copy the URL.">
            {(ids) => <Input {...ids} type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://…powerplatform.com/…" value={teams} onChange={(e) => setTeams(e.target.value)} />}
          </Field>
        </div>
        <div className="grid gap-5 lg:grid-cols-2">
          <EventChoices value={events} onChange={setEvents} />
          <div className="space-y-1.5">
            <label htmlFor={thresholdId} className="block text-sm font-medium text-slate-700">
              Alert threshold (FitScore)
            </label>
            <Input
              id={thresholdId}
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              className="w-28"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
              aria-describedby={`${thresholdId}-hint`}
            />
            <p id={`${thresholdId}-hint`} className="text-xs text-slate-500">
              Match alerts, in FitScore and in these channels, need a FitScore at or above this.
            </p>
          </div>
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {results ? <TestResults results={results} /> : null}
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => void onTest()} disabled={!saved || test.isPending}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      )}
    </form>
  );
}
