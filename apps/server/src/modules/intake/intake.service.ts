import type { BrandingService } from '../branding/branding.service.ts';
import {
  ApplyFieldsSchema,
  refuseUnstorableValues,
  APPLY_MIN_FILL_MS,
  INTAKE_EMAIL_OFF,
  INTAKE_FORM_OFF,
  TRIAL_SCORING_REFUSED,
  WebhookDealSchema,
  type IntakeChannel,
  type IntakeLogItem,
  type IntakeOutcome,
  type IntakeSettings,
} from '@fitscore/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { blobHead, blobSize, type BlobData, type BlobStore } from '../../lib/blob-store.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DeckAnalyzerPort } from '../../plugins/platform.ts';
import type { SecretBox } from '../account-security/secret-box.ts';
import type { ApplicantRepliesService } from '../applicant-replies/applicant-replies.service.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { MAX_DECK_BYTES } from '../decks/decks.service.ts';
import { defineJob, type JobFailure } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { emailFormatOf } from './inbound-message.ts';
import { createItemReader, type StoredFields } from './intake-reading.ts';
import { factsFromDeckColumn } from '../deals/deck-facts.ts';
import type { FundRow, IntakeRepository } from './intake.repository.ts';
import { looksLikeDeck } from './intake-rules.ts';

export const PROCESS_INTAKE_QUEUE = 'process-intake-item';
const LOG_LIMIT = 100;
export const DECK_TOO_LARGE = 'File size must be less than 10MB';
const NOT_A_DECK = 'Please upload a PDF or PowerPoint file';
const NO_DECK = 'Please choose a pitch deck file';
export const UNKNOWN_FUND = 'No fund accepts applications at this address.';
/**
 * The external id of a fund's one 'bad signatures' log entry. It starts with a space, which no
 * `webhook-id` header can (header values are trimmed), so it never meets a real webhook's id.
 */
const BAD_SIGNATURES_KEY = ' bad-signatures';

export interface IntakeServiceDeps {
  repo: IntakeRepository;
  uow: UnitOfWork;
  blobs: BlobStore;
  jobs: JobQueue;
  /** Sends applicants by form or email their receipt. */
  replies: Pick<ApplicantRepliesService, 'applied'>;
  /** The deals the arrivals become (new, or merged into the fund's existing deal), their decks and scoring. */
  deals: Pick<DealsService, 'arrive' | 'attachDeck' | 'trialSpent'>;
  /** The fund's white-label brand on its apply page. */
  branding: Pick<BrandingService, 'forApplyPage'>;
  analyzer: Pick<DeckAnalyzerPort, 'inspect'>;
  secrets: SecretBox;
  publicWebUrl: string;
  publicApiUrl: string;
  emailDomain: string;
  ratePerMinute: number;
  /** Days a raw payload is kept after its item's outcome is final (INTAKE_PAYLOAD_RETENTION_DAYS). */
  payloadRetentionDays: number;
}


export interface ReceivedFile {
  filename: string;
  /** The deck's bytes, or the reads they arrived in (stored as they are, never joined). */
  bytes: BlobData;
}

const newToken = () => randomBytes(24).toString('base64url');
const newReference = () => `FS-${randomBytes(5).toString('hex').toUpperCase()}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');



/** Fields read by hand from a form or a signed body refuse what no column can store (NUL, lone surrogates), like every JSON body. */
const storableApplyFields = refuseUnstorableValues(ApplyFieldsSchema);
const storableWebhookDeal = refuseUnstorableValues(WebhookDealSchema);
/**
 * Deal intake on three channels (issue 12). Every item is stored first (its raw payload in the
 * blob store, a row in the intake log, and its processing job, in one transaction); the job then
 * reads it and makes a new deal or merges it into the fund's existing one. A crash anywhere after
 * the receipt is retried from the stored item.
 */
export function createIntakeService(deps: IntakeServiceDeps) {
  const { repo, uow, blobs, jobs, analyzer, secrets } = deps;
  const limiter = new AttemptLimiter(deps.ratePerMinute, 60_000);
  const apiBase = deps.publicApiUrl.replace(/\/$/, '');
  const webBase = deps.publicWebUrl.replace(/\/$/, '');
  const secretContext = (fundId: string) => `intake-webhook:${fundId}`;

  /** The per-fund and per-sender limit shared by every channel; 429 with the wait when over. */
  function admit(keys: string[]) {
    const wait = Math.max(...keys.map((k) => limiter.retryAfterMs(k)));
    if (wait > 0) {
      throw new AppError('rate_limited', 'Too many submissions. Please try again in a minute.', { retry_after_seconds: Math.ceil(wait / 1000) });
    }
    for (const key of keys) limiter.record(key);
  }

  /** A refusal at receipt: logged (nothing of the payload kept), then answered with `error`. */
  async function refuse(fund: FundRow, channel: IntakeChannel, error: AppError, extra: { sender?: string | null; companyName?: string | null; reason?: string } = {}): Promise<never> {
    await repo.insertItem({
      fundId: fund.id,
      channel,
      format: channel,
      reference: newReference(),
      outcome: 'refused',
      reason: extra.reason ?? error.message,
      sender: extra.sender ?? null,
      companyName: extra.companyName ?? null,
      processedAt: new Date(),
    });
    throw error;
  }

  /** Stores the item (payload, row, job) and answers with its reference. */
  async function store(
    fund: FundRow,
    values: { channel: IntakeChannel; format: string; fields?: StoredFields; payload?: BlobData; sender?: string | null; senderIp?: string | null; companyName?: string | null; externalId?: string | null },
  ) {
    const id = randomUUID();
    const payloadKey = values.payload ? `intake/${id}` : null;
    if (payloadKey) await blobs.put(payloadKey, values.payload!);
    try {
      const item = await repo.insertItemWithJob(
        {
          id,
          fundId: fund.id,
          channel: values.channel,
          format: values.format,
          reference: newReference(),
          fields: values.fields ?? null,
          payloadKey,
          sender: values.sender ?? null,
          senderIp: values.senderIp ?? null,
          companyName: values.companyName ?? null,
          externalId: values.externalId ?? null,
        },
        (tx) => jobs.send(processItem, { itemId: id }, { tx }),
      );
      return { ok: true as const, reference: item.reference, dealId: item.dealId, outcome: item.outcome };
    } catch (err) {
      if (payloadKey) await blobs.delete(payloadKey).catch(() => undefined);
      throw err;
    }
  }

  /** A deck received on the form or the webhook: size, presence and type (by its first bytes). */
  async function checkReceivedDeck(fund: FundRow, channel: IntakeChannel, file: ReceivedFile | undefined, who: { sender: string | null; companyName: string }) {
    const size = file ? blobSize(file.bytes) : 0;
    if (size === 0) await refuse(fund, channel, new AppError('bad_request', NO_DECK), { ...who, reason: 'No deck' });
    if (size > MAX_DECK_BYTES) await refuse(fund, channel, new AppError('payload_too_large', DECK_TOO_LARGE), { ...who, reason: 'Deck over 10 MB' });
    if (!/\.(pdf|pptx|ppt)$/i.test(file!.filename) || !looksLikeDeck(blobHead(file!.bytes, 8))) {
      await refuse(fund, channel, new AppError('unsupported_media_type', NOT_A_DECK), { ...who, reason: 'Not a PDF or PowerPoint deck' });
    }
    if (await deps.deals.trialSpent(fund)) await refuse(fund, channel, new AppError('plan_limit', TRIAL_SCORING_REFUSED), { ...who, reason: 'Trial used up' });
    return file!;
  }

  const readItem = createItemReader(blobs, (bytes) => analyzer.inspect(bytes));

  /** The job: the stored item becomes a deal (new or merged), its deck a version, and the deck is scored. */
  async function process(itemId: string) {
    const item = await repo.item(itemId);
    if (!item || item.outcome === 'refused' || item.outcome === 'ignored') return;
    const reading = await readItem(item);
    if (item.outcome === 'received') {
      if (!reading.ok) {
        await repo.decide(item.id, reading.outcome, { reason: reading.reason, sender: reading.sender, companyName: reading.companyName ?? null });
        return;
      }
      const s = reading.submission;
      if (s.deck && 'error' in s.deck.look) {
        await repo.decide(item.id, 'refused', { reason: `Unreadable deck: ${s.deck.look.error.message}`, sender: reading.sender, companyName: s.companyName });
        return;
      }
      const deckHash = s.deck ? sha256(s.deck.bytes) : null;
      await uow.run(async (tx) => {
        const r = repo.in(tx);
        const locked = await r.lockItem(item.id);
        if (!locked || locked.outcome !== 'received') return;
        const base = { sender: reading.sender, companyName: s.companyName };
        const arrived = await deps.deals.arrive(
          {
            fundId: item.fundId,
            companyName: s.companyName,
            website: s.website,
            contactEmail: s.contactEmail,
            oneLiner: s.oneLiner,
            sector: s.sector,
            stage: s.stage,
            geography: s.geography,
            deckHash,
            deckLink: s.deckLink,
            scored: Boolean(s.deck),
            source: { channel: item.channel, receivedAt: item.receivedAt, intakeItemId: item.id, note: s.note },
            // What the deck told us that the message did not (shown 'read from the deck', editable).
            extra: { factsFromDeck: factsFromDeckColumn(s.fromDeck) },
          },
          tx,
        );
        if (arrived.outcome === 'refused') await r.decide(item.id, 'refused', { ...base, reason: arrived.reason });
        else await r.decide(item.id, arrived.outcome, { ...base, dealId: arrived.dealId, reason: arrived.outcome === 'merged' ? arrived.reason : null });
      });
    }
    // The deal exists (now or from an earlier try): the applicant's receipt (once per item), its deck
    // stored once, then scored once.
    const decided = await repo.item(item.id);
    if (!decided?.dealId || !reading.ok) return;
    const applicant = reading.submission.contactEmail || reading.sender;
    if ((item.channel === 'form' || item.channel === 'email') && applicant) {
      await deps.replies.applied({ itemId: item.id, fundId: item.fundId, dealId: decided.dealId, to: applicant, company: reading.submission.companyName, reference: item.reference });
    }
    const deck = reading.submission.deck;
    if (deck) {
      // The look the item was read with: the deck is not opened again to be stored.
      const inspection = 'inspection' in deck.look ? deck.look.inspection : undefined;
      await deps.deals.attachDeck(decided.dealId, { filename: deck.filename, bytes: deck.bytes }, { score: true, ...(inspection ? { inspection } : {}) });
    }
  }

  const processItem = defineJob({
    name: PROCESS_INTAKE_QUEUE,
    payload: z.object({ itemId: z.uuid() }),
    handler: ({ itemId }) => process(itemId),
    /** Retries ran out: the item says so in the log rather than staying 'received' for ever. */
    async onFailed({ itemId }, failure: JobFailure) {
      const item = await repo.item(itemId);
      if (item?.outcome === 'received') await repo.decide(itemId, 'refused', { reason: `Could not be processed: ${failure.message}` });
    },
    options: { retryLimit: 5, retryDelaySeconds: 2 },
  });

  // ---- Settings ----

  async function fundOf(fundId: string | null): Promise<FundRow> {
    const fund = fundId ? await repo.fund(fundId) : undefined;
    if (!fund) throw new AppError('conflict', 'Please complete your fund profile first');
    return fund;
  }

  async function settingsOf(fund: FundRow): Promise<IntakeSettings> {
    const row = await repo.ensureSettings(fund.id, newToken());
    return {
      applyUrl: `${webBase}/apply/${fund.slug}`,
      emailAddress: `${fund.slug}@${deps.emailDomain}`,
      emailEndpoint: `${apiBase}/api/intake/email/${row.emailToken}`,
      webhookUrl: `${apiBase}/api/intake/webhook/${fund.slug}`,
      webhookSecretSet: row.webhookSecretSealed !== null,
      formEnabled: fund.onlineFormEnabled,
      emailEnabled: fund.emailForwardingEnabled,
    };
  }

  /**
   * An SMTP RCPT TO: the fund behind `{slug}@{INTAKE_EMAIL_DOMAIN}`, or why it takes no mail
   * (with the SMTP reply code). The per-sender and per-fund limit is applied first, before
   * anything is written: a refusal for forwarding off is logged only within that limit.
   */
  async function recipient(address: string, ip: string): Promise<{ fund: FundRow } | { error: string; code: number }> {
    const [local, domain] = address.toLowerCase().split('@');
    if (!local || domain !== deps.emailDomain) return { error: 'No such intake address', code: 550 };
    const fund = await repo.fundBySlug(local);
    if (!fund) return { error: 'No such intake address', code: 550 };
    try {
      admit([`ip:${ip}`, `fund:${fund.id}`]);
    } catch (err) {
      return { error: (err as Error).message, code: 450 };
    }
    if (!fund.emailForwardingEnabled) {
      await repo.insertItem({ fundId: fund.id, channel: 'email', format: 'rfc822', reference: newReference(), outcome: 'refused', reason: 'Channel off', processedAt: new Date() });
      return { error: INTAKE_EMAIL_OFF, code: 550 };
    }
    return { fund };
  }

  /**
   * The payload retention sweep (ADR 0027): raw payloads of items whose outcome is final
   * (created, merged, refused, ignored) and was decided more than the retention ago are deleted
   * from the blob store; the log row stays with its outcome. Items still 'received' (pending or
   * being retried) are never touched. Blob first, then the row: a sweep cut in between deletes
   * the blob again next time (harmless). Says how many payloads were deleted.
   */
  async function prunePayloads(): Promise<number> {
    let pruned = 0;
    for (;;) {
      const batch = await repo.expiredPayloads(deps.payloadRetentionDays, 200);
      for (const item of batch) {
        await blobs.delete(item.payloadKey);
        await repo.clearPayload(item.id, item.payloadKey);
      }
      pruned += batch.length;
      if (batch.length < 200) return pruned;
    }
  }

  /** A webhook-shaped deal for the fund (the signed webhook, or the public API's intake): read, checked, stored. */
  async function receiveWebhook(fund: FundRow, ip: string, webhookId: string, body: Buffer, contentType: string) {
    const again = await repo.itemByExternalId(fund.id, 'webhook', webhookId);
    if (again) return { ok: true as const, reference: again.reference, dealId: again.dealId, outcome: again.outcome };
    admit([`ip:${ip}`, `fund:${fund.id}`]);
    let raw: Record<string, unknown>;
    let file: ReceivedFile | undefined;
    if (contentType.toLowerCase().startsWith('multipart/form-data')) {
      const form = await new Response(body, { headers: { 'content-type': contentType } }).formData().catch(() => {
        throw new AppError('bad_request', 'The multipart body could not be read.');
      });
      raw = {};
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') raw[key] = value;
        else if (key === 'file') file = { filename: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
      }
    } else {
      try {
        raw = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw new AppError('malformed_json', 'The body is not valid JSON.');
      }
    }
    const parsed = storableWebhookDeal.safeParse(raw);
    if (!parsed.success) await refuse(fund, 'webhook', invalidInput(parsed.error!));
    const d = parsed.data!;
    if (!file && d.deck_base64) {
      // base64 is 4/3 of the bytes: refuse before decoding when it cannot be under the limit.
      if (d.deck_base64.length > Math.ceil((MAX_DECK_BYTES * 4) / 3) + 4) {
        await refuse(fund, 'webhook', new AppError('payload_too_large', DECK_TOO_LARGE), { companyName: d.company_name, reason: 'Deck over 10 MB' });
      }
      file = { filename: d.deck_filename ?? 'deck.pdf', bytes: new Uint8Array(Buffer.from(d.deck_base64, 'base64')) };
    }
    const who = { sender: d.contact_email ?? null, companyName: d.company_name };
    const deck = await checkReceivedDeck(fund, 'webhook', file, who);
    try {
      return await store(fund, {
        channel: 'webhook',
        format: 'webhook',
        fields: {
          companyName: d.company_name,
          contactEmail: d.contact_email ?? '',
          website: d.website ?? '',
          stage: d.stage ?? '',
          sector: d.sector ?? '',
          geography: d.geography ?? '',
          oneLiner: d.one_liner ?? '',
          deckFilename: deck.filename,
        },
        payload: deck.bytes,
        sender: d.contact_email ?? null,
        senderIp: ip,
        companyName: d.company_name,
        externalId: webhookId,
      });
    } catch (err) {
      // The same webhook-id sent twice at once: the second answers with the first.
      const first = await repo.itemByExternalId(fund.id, 'webhook', webhookId);
      if (first) return { ok: true as const, reference: first.reference, dealId: first.dealId, outcome: first.outcome };
      throw err;
    }
  }

  return {
    jobs: [processItem],
    process,
    prunePayloads,

    settings: async (fundId: string | null) => settingsOf(await fundOf(fundId)),

    async rotateWebhookSecret(fundId: string | null) {
      const fund = await fundOf(fundId);
      await repo.ensureSettings(fund.id, newToken());
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      await repo.setWebhookSecret(fund.id, secrets.encrypt(secret, secretContext(fund.id)));
      return { secret };
    },

    async rotateEmailToken(fundId: string | null) {
      const fund = await fundOf(fundId);
      await repo.ensureSettings(fund.id, newToken());
      await repo.setEmailToken(fund.id, newToken());
      return settingsOf(fund);
    },

    async log(fundId: string | null, filters: { channel?: IntakeChannel | undefined; outcome?: IntakeOutcome | undefined }): Promise<{ items: IntakeLogItem[] }> {
      if (!fundId) return { items: [] };
      const rows = await repo.log(fundId, filters, LOG_LIMIT);
      return {
        items: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          receivedAt: r.receivedAt.toISOString(),
          outcome: r.outcome,
          reason: r.reason,
          sender: r.sender,
          companyName: r.companyName,
          dealId: r.dealId,
          repeats: r.repeats,
        })),
      };
    },

    /**
     * The webhook signing secret of the fund a webhook URL names, read before its body: 404 for no
     * such fund, null when the fund has set no secret.
     */
    async webhookSecretOf(slug: string): Promise<string | null> {
      const fund = await repo.fundBySlug(slug);
      if (!fund) throw new AppError('not_found', UNKNOWN_FUND);
      const row = await repo.settings(fund.id);
      if (!row?.webhookSecretSealed) return null;
      return secrets.decrypt(row.webhookSecretSealed, secretContext(fund.id));
    },

    /**
     * A signature check failed on a known fund's webhook: counted on one log entry per fund (its
     * latest reason and time), so 'nothing arrived' can be explained and a flood of bad signatures
     * cannot push real items out of the log.
     */
    async logBadSignature(slug: string, reason: string) {
      const fund = await repo.fundBySlug(slug);
      if (!fund) return;
      await repo.countRepeatedRefusal({
        fundId: fund.id,
        channel: 'webhook',
        format: 'webhook',
        reference: newReference(),
        outcome: 'refused',
        reason,
        externalId: BAD_SIGNATURES_KEY,
        processedAt: new Date(),
      });
    },

    // ---- Channels ----

    async applyFund(slug: string) {
      const fund = await repo.fundBySlug(slug);
      if (!fund) throw new AppError('not_found', UNKNOWN_FUND);
      if (!fund.onlineFormEnabled) throw new AppError('gone', INTAKE_FORM_OFF);
      const branding = await deps.branding.forApplyPage(fund.id);
      return { fund: { name: fund.fundName, website: fund.website, sectors: fund.sectors, stages: fund.stages, geography: fund.geography, branding } };
    },

    async apply(slug: string, ip: string, input: { fields: Record<string, string>; file?: ReceivedFile }) {
      const fund = await repo.fundBySlug(slug);
      if (!fund) throw new AppError('not_found', UNKNOWN_FUND);
      admit([`ip:${ip}`, `fund:${fund.id}`]);
      if (!fund.onlineFormEnabled) await refuse(fund, 'form', new AppError('gone', INTAKE_FORM_OFF), { reason: 'Channel off' });
      const parsed = storableApplyFields.safeParse(input.fields);
      const sender = typeof input.fields.email === 'string' ? input.fields.email.slice(0, 320) : null;
      if (!parsed.success) await refuse(fund, 'form', invalidInput(parsed.error!), { sender });
      const f = parsed.data!;
      const who = { sender: f.email, companyName: f.companyName };
      if (f.honeypot) await refuse(fund, 'form', new AppError('bad_request', 'Your submission looks automated and was not accepted.'), { ...who, reason: 'Spam: honeypot filled' });
      if (f.fillMs !== undefined && f.fillMs < APPLY_MIN_FILL_MS) {
        await refuse(fund, 'form', new AppError('bad_request', 'The form was sent too quickly. Please take a moment and send it again.'), { ...who, reason: 'Spam: sent too quickly' });
      }
      const file = await checkReceivedDeck(fund, 'form', input.file, who);
      const receipt = await store(fund, {
        channel: 'form',
        format: 'form',
        fields: { ...f, contactEmail: f.email, deckFilename: file.filename },
        payload: file.bytes,
        sender: f.email,
        senderIp: ip,
        companyName: f.companyName,
      });
      return { ok: true as const, reference: receipt.reference };
    },

    /** A signed webhook (its signature already checked): the same `webhook-id` again is the same item. */
    async webhook(slug: string, ip: string, webhookId: string, body: Buffer, contentType: string) {
      const fund = await repo.fundBySlug(slug);
      if (!fund) throw new AppError('not_found', UNKNOWN_FUND);
      return receiveWebhook(fund, ip, webhookId, body, contentType);
    },

    /**
     * A deal sent by the fund's own systems through the public API (an API key with `intake:write`):
     * the webhook's body and rules, logged on the webhook channel; the same `Idempotency-Key` again
     * is the same item.
     */
    async fromApi(fundId: string, ip: string, idempotencyKey: string, body: Buffer, contentType: string) {
      const fund = await repo.fund(fundId);
      if (!fund) throw new AppError('not_found', UNKNOWN_FUND);
      return receiveWebhook(fund, ip, idempotencyKey, body, contentType);
    },

    /** The inbound-email endpoint of hosted mail services (raw MIME, Postmark, SendGrid, Mailgun). */
    async emailByToken(token: string, ip: string, body: Buffer, contentType: string) {
      const fund = await repo.fundByEmailToken(token);
      if (!fund) throw new AppError('not_found', 'This inbound-email address is not valid (was its token rotated?).');
      admit([`ip:${ip}`, `fund:${fund.id}`]);
      if (!fund.emailForwardingEnabled) await refuse(fund, 'email', new AppError('forbidden', INTAKE_EMAIL_OFF), { reason: 'Channel off' });
      const format = emailFormatOf(contentType);
      if (!format) {
        throw new AppError('unsupported_media_type', 'Send message/rfc822, a Postmark JSON payload, or a SendGrid/Mailgun form post.');
      }
      if (body.byteLength === 0) throw new AppError('bad_request', 'The message is empty.');
      return store(fund, { channel: 'email', format, fields: { companyName: '', contentType }, payload: body, senderIp: ip });
    },

    /** The SMTP receiver's side: which fund an RCPT TO reaches (within the per-sender limit), and storing the message. */
    smtp: {
      recipient,
      store: (fund: FundRow, raw: BlobData, ip: string, envelopeFrom: string | null) =>
        store(fund, { channel: 'email', format: 'rfc822', fields: { companyName: '', contentType: 'message/rfc822' }, payload: raw, senderIp: ip, sender: envelopeFrom }),
    },
  };
}
export type IntakeService = ReturnType<typeof createIntakeService>;
