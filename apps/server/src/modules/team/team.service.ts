import { INVITE_TTL_DAYS, TEAM_MESSAGES, TEAM_SEATS, type FundMemberRole } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { hashToken, newSessionToken } from '../auth/credentials.ts';
import type { DealTeamService } from '../deals/deal-team.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TeamRepository } from './team.repository.ts';

export interface TeamServiceDeps {
  repo: TeamRepository;
  uow: UnitOfWork;
  mailer: Mailer;
  publicWebUrl: string;
  log: { error(details: { err: unknown }, message: string): void };
  /** The deals module: a member who leaves owns no deal any more. */
  deals: Pick<DealTeamService, 'releaseOwnedBy'>;
}

const seats = (plan: keyof typeof TEAM_SEATS) => TEAM_SEATS[plan];
const seatsFull = (plan: keyof typeof TEAM_SEATS) =>
  plan === 'trial'
    ? new AppError('plan_limit', TEAM_MESSAGES.trialSeatsFull)
    : new AppError('conflict', plan === 'pro' ? TEAM_MESSAGES.proSeatsFull : TEAM_MESSAGES.enterpriseSeatsFull);

/**
 * The fund as a team: admins invite with single-use links (7 days, revocable, only their hash
 * stored) and remove members; a signed-in investor without a fund joins with a link.
 */
export function createTeamService({ repo, uow, mailer, publicWebUrl, log, deals }: TeamServiceDeps) {
  // The invite answer does not wait for the mail server; shutdown waits for mails in flight.
  const sending = new Set<Promise<void>>();

  function mailInvite(to: string, url: string, fundName: string, inviter: string) {
    const run = mailer
      .send({
        to,
        subject: `${inviter} invited you to ${fundName || 'their fund'} on FitScore`,
        link: url,
        text: [
          `${inviter} invited you to join ${fundName || 'their fund'} on FitScore, to review and score deals together.`,
          '',
          'Join here (sign up or sign in first with an investor account):',
          url,
          '',
          `The link works once and for ${INVITE_TTL_DAYS} days. If you did not expect this, ignore this message.`,
        ].join('\n'),
      })
      .catch((err: unknown) => log.error({ err }, 'team invite mail failed'))
      .finally(() => sending.delete(run));
    sending.add(run);
  }

  return {
    async team(fundId: string | null) {
      if (!fundId) return { members: [], invites: [] };
      const [members, invites] = await Promise.all([repo.members(fundId), repo.pendingInvites(fundId)]);
      return {
        members,
        invites: invites.map((i) => ({
          ...i,
          expiresAt: i.expiresAt.toISOString(),
          createdAt: i.createdAt.toISOString(),
        })),
      };
    },

    async invite(
      fundId: string | null,
      inviter: { id: string; name: string },
      body: { email: string | null; role: FundMemberRole },
    ) {
      if (!fundId) throw new AppError('conflict', TEAM_MESSAGES.noFund);
      const { token, tokenHash } = newSessionToken();
      const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000);
      const outcome = await repo.createInvite(
        { fundId, email: body.email, role: body.role, tokenHash, invitedBy: inviter.id, expiresAt },
        seats,
      );
      if (!outcome.ok) throw seatsFull(outcome.plan);
      const url = `${publicWebUrl}/join?token=${token}`;
      if (body.email) mailInvite(body.email, url, await repo.fundName(fundId), inviter.name || 'A colleague');
      return { invite: { id: outcome.id, url } };
    },

    async revokeInvite(fundId: string | null, inviteId: string) {
      if (!fundId || !(await repo.revokeInvite(fundId, inviteId)))
        throw new AppError('not_found', TEAM_MESSAGES.inviteNotFound);
      return { ok: true as const };
    },

    async removeMember(fundId: string | null, userId: string) {
      const outcome = fundId
        ? await uow.run(async (tx) => {
            const removed = await repo.in(tx).removeMember(fundId, userId);
            if (removed === 'removed') await deals.releaseOwnedBy(fundId, userId, tx);
            return removed;
          })
        : 'not_found';
      if (outcome === 'not_found') throw new AppError('not_found', TEAM_MESSAGES.memberNotFound);
      if (outcome === 'last_admin') throw new AppError('conflict', TEAM_MESSAGES.lastAdmin);
      return { ok: true as const };
    },

    /**
     * Adds an account as a member when a seat is free (single sign-on, SCIM): 'added' or
     * 'already_member', else the reason it cannot join.
     */
    addMember: (fundId: string, userId: string) => repo.addMember(fundId, userId, seats),

    async setRole(fundId: string | null, userId: string, role: FundMemberRole) {
      const outcome = fundId ? await repo.setRole(fundId, userId, role) : 'not_found';
      if (outcome === 'not_found') throw new AppError('not_found', TEAM_MESSAGES.memberNotFound);
      if (outcome === 'last_admin') throw new AppError('conflict', TEAM_MESSAGES.lastAdminDemoted);
      return { member: outcome };
    },

    /** Names the invite's fund for the join page (only to whoever holds the link). */
    async invitePreview(token: string) {
      const invite = await repo.inviteFund(hashToken(token));
      if (!invite) throw new AppError('not_found', TEAM_MESSAGES.inviteNotFound);
      if (!invite.usable) throw new AppError('gone', TEAM_MESSAGES.inviteGone);
      return { fundName: invite.fundName };
    },

    async join(userId: string, token: string) {
      const outcome = await repo.join(hashToken(token), userId, seats);
      if (outcome === 'not_found') throw new AppError('not_found', TEAM_MESSAGES.inviteNotFound);
      if (outcome === 'gone') throw new AppError('gone', TEAM_MESSAGES.inviteGone);
      if (outcome === 'already_member') throw new AppError('conflict', TEAM_MESSAGES.alreadyInFund);
      if ('full' in outcome) throw seatsFull(outcome.full);
      return { ok: true as const, fundId: outcome.fundId };
    },

    drain: () => Promise.all(sending),
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
