import {
  ALERTS_PRO_REQUIRED,
  fundPlanAllows,
  ALERT_TARGET_LABELS,
  ALERT_TARGETS,
  DEFAULT_ALERT_EVENTS,
  DEFAULT_ALERT_THRESHOLD,
  type AlertDelivery,
  type AlertEvent,
  type AlertTarget,
  type AlertTestResult,
  type IntegrationSettings,
  type SaveIntegrationsBody,
} from '@fitscore/contracts';
import { z } from 'zod';
import { perTransaction } from '../../lib/per-transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { SecretBox } from '../account-security/secret-box.ts';
import type { DealStatusChange } from '../deals/status-changes.ts';
import { defineJob, type JobContext } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { messageOf, payloadFor, testMessage, type AlertEventInput, type AlertMessage } from './alert-messages.ts';
import type { DeliveryRow, IntegrationRow, IntegrationsRepository } from './integrations.repository.ts';
import { checkWebhookUrl, postWebhook, RefusedWebhookUrl, type WebhookPolicy } from './webhook-post.ts';

export const ALERT_QUEUE = 'alert-deliver';
/** Tries after the first; with the queue's doubling delay from 1 s, the last is about half a minute later. */
export const ALERT_RETRY_LIMIT = 5;
const DELIVERIES_SHOWN = 50;
const FUND_FIRST = 'Please complete your fund profile first';

export interface IntegrationsServiceDeps {
  repo: IntegrationsRepository;
  uow: UnitOfWork;
  jobs: JobQueue;
  box: SecretBox;
  policy: WebhookPolicy;
  publicWebUrl: string;
  /** How long one post may wait for the service's answer. */
  timeoutMs: number;
}

/** What one post came to: sent, or why not and whether trying again may help. */
interface Outcome {
  ok: boolean;
  retryable: boolean;
  status: number | null;
  /** The start of the answer, or why no answer came. */
  body: string;
}

const urlColumn = { slack: 'slackWebhookUrl', teams: 'teamsWebhookUrl' } as const satisfies Record<AlertTarget, keyof IntegrationRow>;

/** `https://hooks.slack.com/…Tm4T`: enough to recognise the webhook, not enough to use it. */
export function maskWebhookUrl(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}/…${url.slice(-4)}`;
}

function toDelivery(row: DeliveryRow): AlertDelivery {
  return {
    id: row.id,
    target: row.target,
    kind: row.kind,
    title: row.title,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Slack and Microsoft Teams alerts of a fund: settings (webhook URLs sealed, read back masked),
 * `dispatch` of events as durable jobs with retries, 'Send test', and the record of deliveries.
 */
export function createIntegrationsService({ repo, uow, jobs, box, policy, publicWebUrl, timeoutMs }: IntegrationsServiceDeps) {
  const context = (fundId: string) => `alert-webhook:${fundId}`;
  const seal = (fundId: string, url: string) => box.encrypt(url, context(fundId));
  const open = (fundId: string, sealed: string | null) => (sealed ? box.decrypt(sealed, context(fundId)) : null);

  /** As FUND_PLAN_FEATURES says (Pro, or the trial while it has scores left); a fund not yet saved is on the trial. */
  async function alertsAllowed(fundId: string | null): Promise<boolean> {
    const fund = fundId ? await repo.fundPlan(fundId) : undefined;
    return fund ? fundPlanAllows('alerts', fund) : true;
  }
  async function requireAlerts(fundId: string) {
    if (!(await alertsAllowed(fundId))) throw new AppError('plan_limit', ALERTS_PRO_REQUIRED);
  }

  function settingsOf(fundId: string, row: IntegrationRow | undefined, allowed: boolean): IntegrationSettings {
    const masked = (target: AlertTarget) => {
      const url = row ? open(fundId, row[urlColumn[target]]) : null;
      return url ? maskWebhookUrl(url) : null;
    };
    return {
      slackWebhookUrl: masked('slack'),
      teamsWebhookUrl: masked('teams'),
      events: row ? (row.events as AlertEvent[]) : [...DEFAULT_ALERT_EVENTS],
      alertThreshold: row?.alertThreshold ?? DEFAULT_ALERT_THRESHOLD,
      alertsAllowed: allowed,
    };
  }

  /** The sealed URL to store: null to remove, the stored one when the masked value comes back, else a checked new one. */
  async function urlToStore(fundId: string, target: AlertTarget, given: string | null, stored: string | null): Promise<string | null> {
    if (!given) return null;
    const current = open(fundId, stored);
    if (current && given === maskWebhookUrl(current)) return stored;
    try {
      await checkWebhookUrl(given, policy);
    } catch (err) {
      if (err instanceof RefusedWebhookUrl) throw new AppError('bad_request', `${ALERT_TARGET_LABELS[target]} webhook: ${err.message}`);
      throw err;
    }
    return seal(fundId, given);
  }

  /** One POST of a delivery's payload; never throws. */
  async function post(url: string, payload: unknown, signal?: AbortSignal): Promise<Outcome> {
    try {
      const answer = await postWebhook(url, payload, { policy, timeoutMs, ...(signal ? { signal } : {}) });
      const { status } = answer;
      if (status >= 200 && status < 300) return { ok: true, retryable: false, status, body: answer.body };
      if (status >= 300 && status < 400) {
        return { ok: false, retryable: false, status, body: `Redirects are not followed. ${answer.body}`.trim() };
      }
      return { ok: false, retryable: status === 408 || status === 429 || status >= 500, status, body: answer.body };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, retryable: !(err instanceof RefusedWebhookUrl), status: null, body: message };
    }
  }

  /** The delivery job: one try per run; a try that may succeed later throws, so the queue retries with backoff. */
  async function deliver(deliveryId: string, ctx: JobContext) {
    const delivery = await repo.delivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const row = await repo.settings(delivery.fundId);
    const url = row ? open(delivery.fundId, row[urlColumn[delivery.target]]) : null;
    if (!url) {
      await repo.recordAttempt(deliveryId, { responseStatus: null, responseBody: 'The webhook was removed before the alert was sent', status: 'failed' });
      return;
    }
    if (!(await alertsAllowed(delivery.fundId))) {
      await repo.recordAttempt(deliveryId, { responseStatus: null, responseBody: ALERTS_PRO_REQUIRED, status: 'skipped' });
      return;
    }
    const outcome = await post(url, delivery.payload, ctx.signal);
    const last = outcome.ok || !outcome.retryable || ctx.attempt >= ALERT_RETRY_LIMIT;
    await repo.recordAttempt(deliveryId, {
      responseStatus: outcome.status,
      responseBody: outcome.body,
      status: outcome.ok ? 'sent' : last ? 'failed' : 'pending',
    });
    if (!last) throw new Error(`${ALERT_TARGET_LABELS[delivery.target]} answered ${outcome.status ?? 'nothing'}: ${outcome.body}`);
  }

  const deliverAlert = defineJob({
    name: ALERT_QUEUE,
    payload: z.object({ deliveryId: z.uuid() }),
    handler: ({ deliveryId }, ctx) => deliver(deliveryId, ctx),
    // A try that crashed or lost its lease on the last attempt: the delivery is not left pending.
    onFailed: ({ deliveryId }, failure) => repo.fail(deliveryId, failure.message),
    options: { retryLimit: ALERT_RETRY_LIMIT, retryDelaySeconds: 1, expireInSeconds: 120 },
  });

  /** Queues one delivery per configured service, in `tx` when given (then it exists exactly when the cause does). */
  async function queue(fundId: string, message: AlertMessage, tx: Transaction) {
    const r = repo.in(tx);
    const row = await r.settings(fundId);
    const ids: string[] = [];
    for (const target of ALERT_TARGETS) {
      if (!row?.[urlColumn[target]]) continue;
      const delivery = await r.addDelivery({ fundId, target, kind: message.kind, title: message.title, payload: payloadFor(target, message) });
      await jobs.send(deliverAlert, { deliveryId: delivery.id }, { tx });
      ids.push(delivery.id);
    }
    return ids;
  }

  /** The fund's alert settings when they ask for this kind of event; undefined when they do not. */
  const storedSettings = perTransaction((fundId: string, tx: Transaction | undefined) => repo.in(tx).settings(fundId));
  async function settingsFor(fundId: string, kind: AlertEventInput['kind'], tx: Transaction | undefined) {
    const row = await storedSettings(fundId, tx);
    return row && (row.events as string[]).includes(kind) ? row : undefined;
  }

  /** Queues the event's messages when the fund's settings (already read) want it. */
  async function send(fundId: string, row: IntegrationRow, event: AlertEventInput, tx: Transaction | undefined): Promise<string[]> {
    if (event.kind === 'match' && event.fitScore < row.alertThreshold) return [];
    const message = messageOf(event, publicWebUrl);
    return tx ? queue(fundId, message, tx) : uow.run((t) => queue(fundId, message, t));
  }

  /**
   * Sends an event to the fund's Slack and Teams channels, if the fund picked its kind (and, for
   * a match, its FitScore is at or above the fund's alert threshold). Each service gets a durable
   * job with retries; answers the ids of the deliveries queued (none when nothing is configured).
   * Pass the caller's transaction as `tx` to queue them with the change that caused them.
   */
  async function dispatch(fundId: string, event: AlertEventInput, { tx }: { tx?: Transaction } = {}): Promise<string[]> {
    const row = await settingsFor(fundId, event.kind, tx);
    return row ? send(fundId, row, event, tx) : [];
  }

  return {
    /** The jobs this module runs, for the app's job queue. */
    jobs: [deliverAlert],
    dispatch,

    /** The deals module's status changes, as `status` alerts (with the mover's name). */
    async statusChanged(change: DealStatusChange, tx: Transaction) {
      // The mover's name is looked up only for a fund that wants status alerts (a triage's round trip less).
      const row = await settingsFor(change.fundId, 'status', tx);
      if (!row) return;
      const by = await repo.in(tx).userName(change.userId);
      await send(change.fundId, row, { kind: 'status', dealId: change.dealId, startupName: change.startupName, from: change.from, to: change.to, by }, tx);
    },

    async get(fundId: string | null): Promise<IntegrationSettings> {
      return fundId ? settingsOf(fundId, await repo.settings(fundId), await alertsAllowed(fundId)) : settingsOf('', undefined, true);
    },

    async save(fundId: string | null, body: SaveIntegrationsBody): Promise<IntegrationSettings> {
      if (!fundId) throw new AppError('conflict', FUND_FIRST);
      const stored = await repo.settings(fundId);
      // Removing a URL or changing the events is always allowed; adding or keeping one needs the plan.
      if (body.slackWebhookUrl || body.teamsWebhookUrl) await requireAlerts(fundId);
      const slackWebhookUrl = await urlToStore(fundId, 'slack', body.slackWebhookUrl, stored?.slackWebhookUrl ?? null);
      const teamsWebhookUrl = await urlToStore(fundId, 'teams', body.teamsWebhookUrl, stored?.teamsWebhookUrl ?? null);
      const events = [...new Set(body.events)];
      const row = await repo.save(fundId, { slackWebhookUrl, teamsWebhookUrl, events, alertThreshold: body.alertThreshold });
      return settingsOf(fundId, row, await alertsAllowed(fundId));
    },

    /** 'Send test': one message to each configured service now (no retries), recorded like any delivery. */
    async test(fundId: string | null): Promise<{ results: AlertTestResult[] }> {
      const row = fundId ? await repo.settings(fundId) : undefined;
      const targets = ALERT_TARGETS.filter((t) => row?.[urlColumn[t]]);
      if (!fundId || !row || targets.length === 0) throw new AppError('bad_request', 'Add a Slack or Teams webhook URL and save it first');
      await requireAlerts(fundId);
      const message = testMessage(await repo.fundName(fundId), publicWebUrl);
      const results = await Promise.all(
        targets.map(async (target): Promise<AlertTestResult> => {
          const payload = payloadFor(target, message);
          const delivery = await repo.addDelivery({ fundId, target, kind: 'test', title: message.title, payload });
          const outcome = await post(open(fundId, row[urlColumn[target]])!, payload);
          await repo.recordAttempt(delivery.id, { responseStatus: outcome.status, responseBody: outcome.body, status: outcome.ok ? 'sent' : 'failed' });
          const label = ALERT_TARGET_LABELS[target];
          const said = outcome.status === null ? `${label}: ${outcome.body}` : `${label} answered ${outcome.status}${outcome.body ? `: ${outcome.body}` : ''}`;
          return { target, ok: outcome.ok, status: outcome.status, error: outcome.ok ? null : said };
        }),
      );
      return { results };
    },

    async deliveries(fundId: string | null): Promise<{ deliveries: AlertDelivery[] }> {
      return { deliveries: fundId ? (await repo.list(fundId, DELIVERIES_SHOWN)).map(toDelivery) : [] };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
