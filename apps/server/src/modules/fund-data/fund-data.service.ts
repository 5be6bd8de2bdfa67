import { FUND_DATA_MESSAGES, fundPlanAllows, type FundDeletionStatus } from '@fitscore/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EventBus } from '../events/event-bus.ts';
import { defineJob } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { fundArchive } from './fund-archive.ts';
import type { FundDataRepository } from './fund-data.repository.ts';

export interface FundDataDeps {
  repo: FundDataRepository;
  uow: UnitOfWork;
  blobs: BlobStore;
  jobs: Pick<JobQueue, 'send'>;
  /** The funds module's purge of the fund's rows. */
  funds: { remove(fundId: string): Promise<void> };
  /** The auth module's sign-out of every session of a user. */
  auth: { endAllSessions(userId: string): Promise<void> };
  /** The events module's log: what was pushed to the fund and its members goes with them. */
  events: Pick<EventBus, 'forget'>;
  graceHours: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * A fund's data, whole (issue 33 point 6, ADR 0070): the archive of everything it holds, and its
 * deletion: scheduled by an admin who typed the fund's name, cancellable for the grace period,
 * then purged by a job (rows, files, and its members' sessions) on whichever worker takes it.
 */
export function createFundDataService({ repo, uow, blobs, jobs, funds, auth, events, graceHours, log, now = () => new Date() }: FundDataDeps) {
  async function enterpriseFund(fundId: string | null) {
    const fund = fundId ? await repo.fund(fundId) : undefined;
    if (!fundId || !fund || !fundPlanAllows('fund_data', { plan: fund.plan, trialScoresUsed: 0 })) throw new AppError('plan_limit', FUND_DATA_MESSAGES.enterpriseRequired);
    return { id: fundId, name: fund.name };
  }

  async function status(fundId: string | null): Promise<FundDeletionStatus> {
    const row = fundId ? await repo.deletion(fundId) : undefined;
    return {
      graceHours,
      deletion: row
        ? {
            purgeAfter: row.purgeAfter.toISOString(),
            requestedAt: row.requestedAt.toISOString(),
            requestedBy: { id: row.requestedBy, name: row.requestedByName },
          }
        : null,
    };
  }

  async function deleteUnder(prefix: string) {
    const keys: string[] = [];
    for await (const blob of blobs.list(prefix)) keys.push(blob.key);
    for (const key of keys) await blobs.delete(key);
  }

  /**
   * Purges the fund if its deletion is due at `at`: files first, then its members' sessions, then
   * the rows (the fund's row, the rest by cascade). Each step can run again, so a purge cut short
   * is finished by the next try; a deletion cancelled or not yet due is left alone.
   */
  async function purgeIfDue(fundId: string, at: Date): Promise<boolean> {
    const deletion = await repo.deletion(fundId);
    if (!deletion || deletion.purgeAfter > at) return false;
    const [deckFiles, payloads, imports, members] = await Promise.all([repo.decks(fundId), repo.intakePayloadKeys(fundId), repo.importFileKeys(fundId), repo.memberIds(fundId)]);
    for (const deck of deckFiles) {
      await blobs.delete(deck.blobKey);
      await deleteUnder(`page-images/${deck.id}/`);
    }
    for (const key of [...payloads, ...imports]) await blobs.delete(key);
    await deleteUnder(`branding/${fundId}/`);
    for (const userId of members) await auth.endAllSessions(userId);
    await events.forget?.([{ fund: fundId }, ...members.map((user) => ({ user }))]);
    await funds.remove(fundId);
    log.info({ fundId, decks: deckFiles.length, members: members.length }, 'fund-data: fund purged');
    return true;
  }

  const purgeJob = defineJob({
    name: 'fund-data.purge',
    payload: z.object({ fundId: z.uuid() }),
    handler: async ({ fundId }) => {
      await purgeIfDue(fundId, now());
    },
    async onFailed({ fundId }, failure) {
      // The hourly sweep tries again; an operator should hear of it meanwhile.
      log.error({ fundId, reason: failure.message }, 'fund-data: a fund purge failed; the hourly sweep retries it');
    },
    options: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 60 * 60 },
  });

  return {
    jobs: [purgeJob],

    status: (fundId: string | null) => status(fundId),

    /** Throws 402 unless the fund may export its data (before a download link is made for it). */
    async exportable(fundId: string | null): Promise<void> {
      await enterpriseFund(fundId);
    },

    async exportArchive(fundId: string | null) {
      const fund = await enterpriseFund(fundId);
      return { fund, stream: fundArchive(repo, blobs, fund, log) };
    },

    async scheduleDeletion(fundId: string | null, userId: string, confirmName: string) {
      const fund = await enterpriseFund(fundId);
      if (confirmName.trim() !== fund.name.trim()) throw new AppError('bad_request', FUND_DATA_MESSAGES.nameMismatch);
      const purgeAfter = new Date(now().getTime() + graceHours * HOUR_MS);
      await uow.run(async (tx) => {
        if (!(await repo.in(tx).scheduleDeletion(fund.id, userId, purgeAfter))) throw new AppError('conflict', FUND_DATA_MESSAGES.alreadyScheduled);
        await jobs.send(purgeJob, { fundId: fund.id }, { tx, startAfter: purgeAfter });
      });
      return status(fund.id);
    },

    /** Any admin may cancel during the grace period, whatever the plan is by then. */
    async cancelDeletion(fundId: string | null) {
      if (!fundId) throw new AppError('conflict', FUND_DATA_MESSAGES.notScheduled);
      if (!(await repo.cancelDeletion(fundId, now()))) {
        throw new AppError('conflict', (await repo.deletion(fundId)) ? FUND_DATA_MESSAGES.gracePeriodOver : FUND_DATA_MESSAGES.notScheduled);
      }
      return status(fundId);
    },

    /** Purges every fund whose deletion is due at `at` (the hourly sweep; a purge whose job failed is finished here). */
    async purgeDue(at: Date): Promise<string[]> {
      const purged: string[] = [];
      for (const fundId of await repo.dueDeletions(at)) if (await purgeIfDue(fundId, at)) purged.push(fundId);
      return purged;
    },
  };
}
export type FundDataService = ReturnType<typeof createFundDataService>;
