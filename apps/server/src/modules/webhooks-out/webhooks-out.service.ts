import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpointBody,
  type DealComment,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@fitscore/contracts';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { perTransaction } from '../../lib/per-transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { SecretBox } from '../account-security/secret-box.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { checkWebhookUrl, postJsonText, RefusedWebhookUrl, type WebhookPolicy } from '../integrations/webhook-post.ts';
import { defineJob, type JobContext } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type {
  AttemptRecord,
  AttemptRow,
  DeliveryRow,
  DeliveryUpdate,
  EndpointRecord,
  EndpointRow,
  WebhooksOutRepository,
} from './webhooks-out.repository.ts';

export const WEBHOOK_DELIVER_QUEUE = 'webhook-deliver';
export const WEBHOOK_FANOUT_QUEUE = 'webhook-fanout';
const DELIVERIES_SHOWN = 50;
/** Finished deliveries (with their attempts) are kept this long, then deleted as new ones are made. */
export const DELIVERIES_KEPT_DAYS = 30;
const USER_AGENT = 'FitScore-Webhooks/1';

/** When the tries of a message happen: doubling delays from `baseMs` up to `maxMs`, each with jitter, for `windowMs` after the message. */
export interface RetrySchedule {
  retryBaseMs: number;
  retryMaxMs: number;
  retryWindowMs: number;
}

/**
 * The delay before the try after `tries` tries: base·2^(tries-1), at most max, then "equal jitter"
 * (between half and all of it), so endpoints that failed together are not all retried at once.
 */
export function retryDelayMs(tries: number, schedule: RetrySchedule, random: () => number = Math.random): number {
  const ceiling = Math.min(schedule.retryMaxMs, schedule.retryBaseMs * 2 ** Math.min(Math.max(tries - 1, 0), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** What an event carries from where it happened (in its transaction) to the fan-out job. */
const EventInputSchema = z.object({
  fundId: z.uuid(),
  type: z.string(),
  occurredAt: z.string(),
  dealId: z.string().nullable(),
  from: z.string().nullable().default(null),
  to: z.string().nullable().default(null),
  by: z.string().nullable().default(null),
  comment: z.unknown().optional(),
  intro: z.object({ introId: z.string(), startupName: z.string(), note: z.string() }).optional(),
});
type EventInput = z.input<typeof EventInputSchema>;

export interface WebhooksOutServiceDeps {
  repo: WebhooksOutRepository;
  uow: UnitOfWork;
  jobs: JobQueue;
  box: SecretBox;
  /** The Slack/Teams alerts' SSRF rules (ALERT_WEBHOOK_ALLOW_PRIVATE). */
  policy: WebhookPolicy;
  timeoutMs: number;
  schedule: RetrySchedule;
  deals: Pick<DealsService, 'view'>;
}

interface Outcome {
  record: AttemptRecord;
  ok: boolean;
  /** 410 Gone: the endpoint asked not to be called again. */
  gone: boolean;
  retryable: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Outgoing webhooks of Enterprise funds (ADR 0052): endpoints with Standard Webhooks secrets (sealed,
 * shown once, rotated with a day of two signatures), events fanned out to durable deliveries on the
 * job queue, each try recorded, retried with backoff and jitter for a day, 410 disabling the endpoint.
 */
export function createWebhooksOutService({
  repo,
  uow,
  jobs,
  box,
  policy,
  timeoutMs,
  schedule,
  deals,
}: WebhooksOutServiceDeps) {
  const context = (fundId: string) => `webhook-out:${fundId}`;
  const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  const seal = (fundId: string, secret: string) => box.encrypt(secret, context(fundId));
  const open = (fundId: string, sealed: string) => box.decrypt(sealed, context(fundId));
  const overlapLive = (e: Pick<EndpointRow, 'previousSecretSealed' | 'previousSecretExpiresAt'>) =>
    e.previousSecretSealed !== null &&
    e.previousSecretExpiresAt !== null &&
    e.previousSecretExpiresAt.getTime() > Date.now();

  async function enterprise(fundId: string | null): Promise<boolean> {
    return fundId !== null && (await repo.fundPlan(fundId)) === 'enterprise';
  }
  async function requireEnterprise(fundId: string | null): Promise<string> {
    if (!fundId) throw new AppError('conflict', WEBHOOK_MESSAGES.fundFirst);
    if (!(await enterprise(fundId))) throw new AppError('plan_limit', WEBHOOK_MESSAGES.enterpriseRequired);
    return fundId;
  }
  async function endpointOf(fundId: string | null, id: string): Promise<EndpointRow> {
    const row = fundId ? await repo.endpoint(fundId, id) : undefined;
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
    return row;
  }
  async function checkedUrl(raw: string): Promise<string> {
    try {
      return (await checkWebhookUrl(raw, policy)).toString();
    } catch (err) {
      if (err instanceof RefusedWebhookUrl) throw new AppError('bad_request', err.message);
      throw err;
    }
  }

  function toEndpoint(row: EndpointRow): WebhookEndpoint {
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events as WebhookEventType[],
      state: row.disabledAt ? 'disabled' : 'active',
      disabledReason: row.disabledReason,
      disabledAt: iso(row.disabledAt),
      previousSecretExpiresAt: overlapLive(row) ? iso(row.previousSecretExpiresAt) : null,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdByName,
    };
  }

  function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
    return {
      id: row.id,
      endpointId: row.endpointId,
      messageId: row.messageId,
      eventType: row.eventType,
      status: row.status as WebhookDelivery['status'],
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
      finishedAt: iso(row.finishedAt),
      attempts: attempts
        .filter((a) => a.deliveryId === row.id)
        .map((a) => ({
          id: a.id,
          attemptedAt: a.attemptedAt.toISOString(),
          durationMs: a.durationMs,
          responseStatus: a.responseStatus,
          responseBody: a.responseBody,
          error: a.error,
          manual: a.manual,
        })),
    };
  }

  async function deliveryView(id: string): Promise<WebhookDelivery> {
    const row = (await repo.delivery(id))!;
    return toDelivery(row, await repo.attemptsOf([id]));
  }

  /**
   * The `webhook-signature` header: `v1,<base64>` under the current secret and, within a day after a
   * rotation, a second one under the previous secret, space-separated (Standard Webhooks).
   */
  function signature(endpoint: EndpointRecord, messageId: string, at: Date, body: string): string {
    const secrets = [open(endpoint.fundId, endpoint.secretSealed)];
    if (overlapLive(endpoint)) secrets.push(open(endpoint.fundId, endpoint.previousSecretSealed!));
    return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
  }

  /** One signed POST of a delivery; never throws. */
  async function post(
    endpoint: EndpointRecord,
    delivery: DeliveryRow,
    manual: boolean,
    signal?: AbortSignal,
  ): Promise<Outcome> {
    const body = JSON.stringify(delivery.payload);
    const at = new Date();
    const headers = {
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature(endpoint, delivery.messageId, at, body),
    };
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const answer = await postJsonText(endpoint.url, body, {
        policy,
        timeoutMs,
        headers,
        userAgent: USER_AGENT,
        ...(signal ? { signal } : {}),
      });
      const ok = answer.status >= 200 && answer.status < 300;
      const redirect = answer.status >= 300 && answer.status < 400;
      return {
        record: {
          durationMs: took(),
          responseStatus: answer.status,
          responseBody: answer.body,
          error: redirect ? 'Redirects are not followed' : null,
          manual,
        },
        ok,
        gone: answer.status === 410,
        retryable: !ok && answer.status !== 410,
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return {
        record: { durationMs: took(), responseStatus: null, responseBody: null, error: message, manual },
        ok: false,
        gone: false,
        retryable: !(err instanceof RefusedWebhookUrl),
      };
    }
  }

  async function disableGone(endpointId: string) {
    await repo.disable(
      endpointId,
      `Disabled automatically: the endpoint answered 410 Gone on ${new Date().toISOString()}`,
    );
  }

  /** The delivery job: one scheduled try; the next one is queued with the try's record, in one transaction. */
  async function deliver(deliveryId: string, ctx: JobContext) {
    const delivery = await repo.delivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await repo.endpointById(delivery.endpointId);
    if (!endpoint) return;
    if (endpoint.disabledAt)
      return repo.fail(delivery.id, `Not sent: the endpoint is disabled (${endpoint.disabledReason ?? 'by an admin'})`);
    if (!(await enterprise(endpoint.fundId))) return repo.fail(delivery.id, WEBHOOK_MESSAGES.enterpriseRequired);
    const outcome = await post(endpoint, delivery, false, ctx.signal);
    if (outcome.gone) await disableGone(endpoint.id);
    let next: DeliveryUpdate = { status: outcome.ok ? 'sent' : 'failed', nextAttemptAt: null };
    if (outcome.retryable) {
      const at = new Date(Date.now() + retryDelayMs(delivery.attempts + 1, schedule));
      if (at.getTime() <= delivery.createdAt.getTime() + schedule.retryWindowMs)
        next = { status: 'pending', nextAttemptAt: at };
    }
    await uow.run(async (tx) => {
      const recorded = await repo.in(tx).recordScheduled(delivery.id, delivery.attempts, outcome.record, next);
      if (recorded && next.status === 'pending')
        await jobs.send(deliverJob, { deliveryId }, { tx, startAfter: next.nextAttemptAt! });
    });
  }

  const deliverJob = defineJob({
    name: WEBHOOK_DELIVER_QUEUE,
    payload: z.object({ deliveryId: z.uuid() }),
    handler: ({ deliveryId }, ctx) => deliver(deliveryId, ctx),
    // A try that crashed twice: the message is not left pending for ever.
    onFailed: ({ deliveryId }, failure) => repo.fail(deliveryId, failure.message),
    options: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: Math.ceil(timeoutMs / 1000) + 60 },
  });

  const person = async (id: string | null) => (id ? { id, name: (await repo.userNames([id])).get(id) ?? '' } : null);

  /** The event's `data`: what happened, with the deal as the API shows it now; null when the deal is gone. */
  async function dataOf(e: z.output<typeof EventInputSchema>): Promise<Record<string, unknown> | null> {
    if (e.type === 'intro.requested') return { ...e.intro, dealId: e.dealId };
    const deal = e.dealId ? await deals.view(e.fundId, e.dealId, null).catch(() => null) : null;
    if (!deal) return null;
    switch (e.type) {
      case 'deal.status_changed':
        return { deal, from: e.from, to: e.to, changedBy: await person(e.by) };
      case 'deal.assigned':
        return { deal, from: await person(e.from), to: await person(e.to), assignedBy: await person(e.by) };
      case 'comment.created': {
        const { mine: _mine, ...comment } = e.comment as DealComment;
        return { deal, comment };
      }
      default:
        return { deal };
    }
  }

  /** Turns one event into a delivery per subscribed endpoint; its job id makes the `webhook-id`, so a rerun adds none. */
  async function fanOut(input: z.output<typeof EventInputSchema>, ctx: JobContext) {
    const endpoints = await repo.subscribed(input.fundId, input.type);
    if (endpoints.length === 0 || !(await enterprise(input.fundId))) return;
    const data = await dataOf(input);
    if (!data) return;
    const payload = { type: input.type, timestamp: input.occurredAt, data };
    const messageId = `msg_${ctx.jobId.replace(/-/g, '')}`;
    await uow.run(async (tx) => {
      for (const endpoint of endpoints) {
        const row = await repo.in(tx).insertDelivery({
          endpointId: endpoint.id,
          fundId: input.fundId,
          messageId,
          eventType: input.type,
          payload,
          nextAttemptAt: new Date(),
        });
        if (row) await jobs.send(deliverJob, { deliveryId: row.id }, { tx });
      }
    });
    for (const endpoint of endpoints) await repo.pruneFinished(endpoint.id, DELIVERIES_KEPT_DAYS);
  }

  const fanOutJob = defineJob({
    name: WEBHOOK_FANOUT_QUEUE,
    payload: EventInputSchema,
    handler: (input, ctx) => fanOut(input, ctx),
    options: { retryLimit: 5, retryDelaySeconds: 2, expireInSeconds: 120 },
  });

  /**
   * An event of a fund: queued (in `tx`, so it exists exactly when its cause does) only when an
   * active endpoint of an Enterprise fund subscribes to it; a fund without webhooks pays one read.
   */
  /** Whether the fund has an endpoint for the event type and the plan to deliver it (asked once per transaction for a bulk action's deals). */
  const wanted = perTransaction(
    async ({ fundId, type }: Pick<EventInput, 'fundId' | 'type'>, tx: Transaction | undefined) =>
      (await repo.in(tx).subscribed(fundId, type)).length > 0 && (await repo.in(tx).fundPlan(fundId)) === 'enterprise',
    ({ fundId, type }) => `${fundId}|${type}`,
  );

  async function raise(event: Omit<EventInput, 'occurredAt'>, tx?: Transaction) {
    if (!(await wanted(event, tx))) return;
    await jobs.send(fanOutJob, { ...event, occurredAt: new Date().toISOString() }, tx ? { tx } : {});
  }

  return {
    jobs: [deliverJob, fanOutJob],
    raise,
    /** A deal's fund, for events that know only the deal (a scoring). */
    dealFund: (dealId: string, tx: Transaction) => repo.in(tx).dealFund(dealId),

    async list(fundId: string | null) {
      if (!fundId) return { endpoints: [], allowed: false };
      const [rows, allowed] = await Promise.all([repo.listEndpoints(fundId), enterprise(fundId)]);
      return { endpoints: rows.map(toEndpoint), allowed };
    },

    async create(fundId: string | null, userId: string, body: CreateWebhookEndpointBody) {
      const fund = await requireEnterprise(fundId);
      const url = await checkedUrl(body.url);
      if ((await repo.countEndpoints(fund)) >= WEBHOOK_ENDPOINTS_MAX)
        throw new AppError('conflict', WEBHOOK_MESSAGES.tooMany);
      const secret = newSecret();
      const row = await repo.insertEndpoint({
        fundId: fund,
        url,
        description: body.description ?? '',
        events: [...body.events],
        secretSealed: seal(fund, secret),
        createdBy: userId,
      });
      return { secret, endpoint: toEndpoint((await repo.endpoint(fund, row.id))!) };
    },

    async update(fundId: string | null, id: string, body: UpdateWebhookEndpointBody) {
      const before = await endpointOf(fundId, id);
      // Disabling is always allowed; anything that would send needs the plan.
      if (!(body.disabled === true && body.url === undefined && body.events === undefined))
        await requireEnterprise(fundId);
      const set: Parameters<WebhooksOutRepository['updateEndpoint']>[2] = {};
      if (body.url !== undefined) set.url = await checkedUrl(body.url);
      if (body.description !== undefined) set.description = body.description;
      if (body.events !== undefined) set.events = [...body.events];
      if (body.disabled === true && !before.disabledAt)
        Object.assign(set, { disabledAt: new Date(), disabledReason: 'Disabled by an admin' });
      if (body.disabled === false) Object.assign(set, { disabledAt: null, disabledReason: null });
      if (Object.keys(set).length > 0) await repo.updateEndpoint(before.fundId, id, set);
      return { endpoint: toEndpoint((await repo.endpoint(before.fundId, id))!) };
    },

    async remove(fundId: string | null, id: string) {
      if (!fundId || !(await repo.deleteEndpoint(fundId, id)))
        throw new AppError('not_found', WEBHOOK_MESSAGES.endpointNotFound);
      return { ok: true as const };
    },

    async rotateSecret(fundId: string | null, id: string) {
      const before = await endpointOf(fundId, id);
      await requireEnterprise(fundId);
      const secret = newSecret();
      await repo.updateEndpoint(before.fundId, id, {
        secretSealed: seal(before.fundId, secret),
        previousSecretSealed: before.secretSealed,
        previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3600_000),
      });
      return { secret, endpoint: toEndpoint((await repo.endpoint(before.fundId, id))!) };
    },

    /** 'Send test event': a `webhook.test` message posted now (no retries), recorded like any delivery. */
    async test(fundId: string | null, id: string) {
      const endpoint = await endpointOf(fundId, id);
      await requireEnterprise(fundId);
      if (endpoint.disabledAt) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled);
      const payload = {
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: { fundId: endpoint.fundId, endpointId: endpoint.id, message: 'A test event from FitScore' },
      };
      const delivery = (await repo.insertDelivery({
        endpointId: endpoint.id,
        fundId: endpoint.fundId,
        messageId: `msg_${randomUUID().replace(/-/g, '')}`,
        eventType: WEBHOOK_TEST_EVENT,
        payload,
        nextAttemptAt: null,
      }))!;
      const outcome = await post(endpoint, delivery, true);
      if (outcome.gone) await disableGone(endpoint.id);
      await uow.run((tx) =>
        repo.in(tx).recordScheduled(delivery.id, 0, outcome.record, {
          status: outcome.ok ? 'sent' : 'failed',
          nextAttemptAt: null,
        }),
      );
      return { delivery: await deliveryView(delivery.id) };
    },

    async deliveries(fundId: string | null, id: string) {
      const endpoint = await endpointOf(fundId, id);
      const rows = await repo.deliveriesOf(endpoint.id, DELIVERIES_SHOWN);
      const attempts = await repo.attemptsOf(rows.map((r) => r.id));
      return { deliveries: rows.map((r) => toDelivery(r, attempts)) };
    },

    /** Resend: the same message (webhook-id and body), signed afresh, posted now; a success ends it as sent. */
    async resend(fundId: string | null, deliveryId: string) {
      const delivery = fundId ? await repo.deliveryOfFund(fundId, deliveryId) : undefined;
      if (!delivery || !fundId) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
      await requireEnterprise(fundId);
      const endpoint = (await repo.endpointById(delivery.endpointId))!;
      if (endpoint.disabledAt) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled);
      const outcome = await post(endpoint, delivery, true);
      if (outcome.gone) await disableGone(endpoint.id);
      await uow.run((tx) => repo.in(tx).recordManual(delivery.id, outcome.record, outcome.ok));
      return { delivery: await deliveryView(delivery.id) };
    },
  };
}
export type WebhooksOutService = ReturnType<typeof createWebhooksOutService>;
