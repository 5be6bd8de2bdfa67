import type { FundMemberRole, FundPlanId } from '@fitscore/contracts';
import { fundInvites, fundMembers, funds, repository, users, type Executor } from '@fitscore/db';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';

/** An invite that still works: not used, not revoked, not expired. */
const pending = and(isNull(fundInvites.usedAt), isNull(fundInvites.revokedAt), gt(fundInvites.expiresAt, sql`now()`));

async function memberCount(db: Executor, fundId: string) {
  const [row] = await db.select({ n: count() }).from(fundMembers).where(eq(fundMembers.fundId, fundId));
  return row?.n ?? 0;
}

/** Locks the fund's row so that seat counts and the last-admin check see no concurrent change. */
async function lockFund(db: Executor, fundId: string) {
  const [row] = await db
    .select({ plan: funds.plan, name: funds.fundName })
    .from(funds)
    .where(eq(funds.id, fundId))
    .for('update');
  return row;
}

export type InviteOutcome = { ok: true; id: string } | { ok: false; plan: FundPlanId };
export type JoinOutcome = 'not_found' | 'gone' | 'already_member' | { full: FundPlanId } | { fundId: string };
export type AddOutcome = 'added' | 'already_member' | 'other_fund' | 'no_fund' | { full: FundPlanId };
export type RemoveOutcome = 'not_found' | 'last_admin' | 'removed';
export type RoleOutcome = 'not_found' | 'last_admin' | { id: string; name: string; email: string; role: FundMemberRole };

/** The fund's people and its invitations. Seat counts and joins run under a lock of the fund's row. */
/**
 * Locks the fund, then says why a member cannot stop being an admin (`leaving`: removed or
 * demoted): 'not_found' when they are not a member, 'last_admin' when they are its only admin.
 */
async function lockMemberLeavingAdmin(tx: Executor, fundId: string, userId: string, leaving: boolean): Promise<'not_found' | 'last_admin' | null> {
  await lockFund(tx, fundId);
  const [member] = await tx
    .select({ role: fundMembers.role })
    .from(fundMembers)
    .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)));
  if (!member) return 'not_found';
  if (member.role !== 'admin' || !leaving) return null;
  const [admins] = await tx
    .select({ n: count() })
    .from(fundMembers)
    .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.role, 'admin')));
  return (admins?.n ?? 0) <= 1 ? 'last_admin' : null;
}

export const createTeamRepository = repository((db) => ({
  members: (fundId: string) =>
    db
      .select({ id: users.id, name: users.name, email: users.email, role: fundMembers.role })
      .from(fundMembers)
      .innerJoin(users, eq(users.id, fundMembers.userId))
      .where(eq(fundMembers.fundId, fundId))
      .orderBy(asc(fundMembers.createdAt), asc(users.name)),

  pendingInvites: (fundId: string) =>
    db
      .select({
        id: fundInvites.id,
        email: fundInvites.email,
        role: fundInvites.role,
        expiresAt: fundInvites.expiresAt,
        createdAt: fundInvites.createdAt,
      })
      .from(fundInvites)
      .where(and(eq(fundInvites.fundId, fundId), pending))
      .orderBy(asc(fundInvites.createdAt)),

  fundName: async (fundId: string) => {
    const [row] = await db.select({ name: funds.fundName }).from(funds).where(eq(funds.id, fundId));
    return row?.name ?? '';
  },

  /** Adds an invite when a seat is free (members plus pending invites under the plan's seats). */
  createInvite: (
    values: {
      fundId: string;
      email: string | null;
      role: FundMemberRole;
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    },
    seats: (plan: FundPlanId) => number,
  ): Promise<InviteOutcome> =>
    db.transaction(async (tx) => {
      const fund = await lockFund(tx, values.fundId);
      if (!fund) throw new Error(`fund ${values.fundId} vanished`);
      const [invites] = await tx
        .select({ n: count() })
        .from(fundInvites)
        .where(and(eq(fundInvites.fundId, values.fundId), pending));
      if ((await memberCount(tx, values.fundId)) + (invites?.n ?? 0) >= seats(fund.plan))
        return { ok: false, plan: fund.plan };
      const [row] = await tx.insert(fundInvites).values(values).returning({ id: fundInvites.id });
      return { ok: true, id: row!.id };
    }),

  /** Revokes a pending invite of the fund; false when it is not one. */
  revokeInvite: async (fundId: string, inviteId: string) => {
    const rows = await db
      .update(fundInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(fundInvites.id, inviteId), eq(fundInvites.fundId, fundId), pending))
      .returning({ id: fundInvites.id });
    return rows.length > 0;
  },

  /** The fund an invite is for, and whether the invite still works (undefined: no such invite). */
  async inviteFund(tokenHash: string): Promise<{ fundName: string; usable: boolean } | undefined> {
    const [row] = await db
      .select({ fundName: funds.fundName, usedAt: fundInvites.usedAt, revokedAt: fundInvites.revokedAt, expiresAt: fundInvites.expiresAt })
      .from(fundInvites)
      .innerJoin(funds, eq(funds.id, fundInvites.fundId))
      .where(eq(fundInvites.tokenHash, tokenHash));
    if (!row) return undefined;
    return { fundName: row.fundName, usable: !row.usedAt && !row.revokedAt && row.expiresAt.getTime() > Date.now() };
  },

  /** Uses an invite: the account joins the invite's fund with its role, if a seat is free. */
  join: (tokenHash: string, userId: string, seats: (plan: FundPlanId) => number): Promise<JoinOutcome> =>
    db.transaction(async (tx) => {
      const [invite] = await tx.select().from(fundInvites).where(eq(fundInvites.tokenHash, tokenHash)).for('update');
      if (!invite) return 'not_found';
      if (invite.usedAt || invite.revokedAt || invite.expiresAt.getTime() <= Date.now()) return 'gone';
      const [existing] = await tx
        .select({ fundId: fundMembers.fundId })
        .from(fundMembers)
        .where(eq(fundMembers.userId, userId));
      if (existing) return 'already_member';
      const fund = await lockFund(tx, invite.fundId);
      if (!fund) return 'gone';
      // This invite already holds a seat; the members alone must still fit (the plan may have changed).
      if ((await memberCount(tx, invite.fundId)) >= seats(fund.plan)) return { full: fund.plan };
      await tx.insert(fundMembers).values({ fundId: invite.fundId, userId, role: invite.role });
      await tx
        .update(fundInvites)
        .set({ usedAt: sql`now()`, usedBy: userId })
        .where(eq(fundInvites.id, invite.id));
      return { fundId: invite.fundId };
    }),

  /**
   * Adds an account to the fund as a member when a seat is free (single sign-on's first sign-in and
   * SCIM provisioning): pending invites hold their seats, as for an invite.
   */
  addMember: (fundId: string, userId: string, seats: (plan: FundPlanId) => number): Promise<AddOutcome> =>
    db.transaction(async (tx) => {
      const fund = await lockFund(tx, fundId);
      if (!fund) return 'no_fund';
      const [existing] = await tx.select({ fundId: fundMembers.fundId }).from(fundMembers).where(eq(fundMembers.userId, userId));
      if (existing) return existing.fundId === fundId ? 'already_member' : 'other_fund';
      const [invites] = await tx.select({ n: count() }).from(fundInvites).where(and(eq(fundInvites.fundId, fundId), pending));
      if ((await memberCount(tx, fundId)) + (invites?.n ?? 0) >= seats(fund.plan)) return { full: fund.plan };
      await tx.insert(fundMembers).values({ fundId, userId, role: 'member' });
      return 'added';
    }),

  /** Changes a member's role; an admin who is the fund's last stays one. */
  setRole: (fundId: string, userId: string, role: FundMemberRole): Promise<RoleOutcome> =>
    db.transaction(async (tx) => {
      const refused = await lockMemberLeavingAdmin(tx, fundId, userId, role !== 'admin');
      if (refused) return refused;
      await tx.update(fundMembers).set({ role }).where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)));
      const [row] = await tx
        .select({ id: users.id, name: users.name, email: users.email, role: fundMembers.role })
        .from(fundMembers)
        .innerJoin(users, eq(users.id, fundMembers.userId))
        .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)));
      return row!;
    }),

  /** Removes a member, in the caller's unit of work (`in(tx)`), which releases their deals too. The last admin stays. */
  removeMember: async (fundId: string, userId: string): Promise<RemoveOutcome> => {
    const refused = await lockMemberLeavingAdmin(db, fundId, userId, true);
    if (refused) return refused;
    await db.delete(fundMembers).where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)));
    return 'removed';
  },
}));
export type TeamRepository = ReturnType<typeof createTeamRepository>;
