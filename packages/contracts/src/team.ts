import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema, OkSchema } from './common.ts';
import { FundMemberSchema } from './deal-team.ts';
import { defineEndpoint } from './endpoint.ts';
import type { FundPlanId } from './fund-billing.ts';
import { FUND_MEMBER_ROLES } from './vc.ts';

/** Seats of a fund by plan (spec: team collaboration is a Pro feature): members plus pending invites. */
export const TEAM_SEATS: Record<FundPlanId, number> = { trial: 3, pro: 10, enterprise: 50 };

/** How long an invite link works. */
export const INVITE_TTL_DAYS = 7;

export const TEAM_MESSAGES = {
  trialSeatsFull: `The trial allows ${TEAM_SEATS.trial} seats (members and pending invites). Upgrade to Pro for up to ${TEAM_SEATS.pro}.`,
  proSeatsFull: `Pro allows ${TEAM_SEATS.pro} seats (members and pending invites). Remove a member or revoke an invite first.`,
  enterpriseSeatsFull: `Your Enterprise plan allows ${TEAM_SEATS.enterprise} seats (members and pending invites). Remove a member or revoke an invite first, or ask us for more.`,
  inviteGone: 'This invite link has expired, was already used or was revoked. Ask your fund admin for a new one.',
  inviteNotFound: 'Invite not found',
  memberNotFound: 'Member not found',
  alreadyInFund: 'Your account already belongs to a fund. An account can be in one fund only.',
  lastAdmin: 'The last admin cannot be removed. Make someone else an admin first.',
  noFund: 'Save your fund profile before inviting your team.',
  lastAdminDemoted: 'The last admin cannot be made a member. Make someone else an admin first.',
} as const;

const RoleSchema = z.enum(FUND_MEMBER_ROLES, { error: 'Role must be admin or member' });

export const TeamInviteSchema = z.object({
  id: z.string(),
  /** Null for a link the admin shares themselves. */
  email: z.string().nullable(),
  role: RoleSchema,
  expiresAt: IsoDateTimeSchema,
  createdAt: IsoDateTimeSchema,
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

export const TeamResponseSchema = z.object({
  members: z.array(FundMemberSchema),
  invites: z.array(TeamInviteSchema),
});
export type TeamResponse = z.infer<typeof TeamResponseSchema>;

export const CreateInviteBodySchema = z.object({
  /** Mailed the link when given; without one the admin copies the link. */
  email: EmailSchema.nullable().default(null),
  role: RoleSchema.default('member'),
});

export const UpdateMemberBodySchema = z.object({ role: RoleSchema });

const IdParams = (message: string) => z.object({ id: z.uuid({ error: message }) });

export const JoinTeamBodySchema = z.object({
  token: z
    .string({ error: 'This invite link is incomplete.' })
    .min(1, 'This invite link is incomplete.')
    .max(200, 'This invite link is not valid.'),
});

/** The fund's members and invitations (issue 13 §1). */
export const teamEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/vc/team/',
    access: 'fund:member',
    summary: "The fund's members and pending invites",
    tags: ['team'],
    response: TeamResponseSchema,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/vc/team/invites/',
    access: 'fund:admin',
    summary: 'Invite someone to the fund: a single-use link for 7 days, shown once (mailed when an email is given)',
    tags: ['team'],
    body: CreateInviteBodySchema,
    status: 201,
    response: z.object({ invite: z.object({ id: z.string(), url: z.string() }) }),
  }),
  revokeInvite: defineEndpoint({
    method: 'DELETE',
    path: '/vc/team/invites/:id/',
    access: 'fund:admin',
    summary: 'Revoke a pending invite',
    tags: ['team'],
    params: IdParams(TEAM_MESSAGES.inviteNotFound),
    response: OkSchema,
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/vc/team/members/:id/',
    access: 'fund:admin',
    summary: 'Remove a member (their deals keep their history; ownership is cleared). 409 for the last admin',
    tags: ['team'],
    params: IdParams(TEAM_MESSAGES.memberNotFound),
    response: OkSchema,
  }),
  updateMember: defineEndpoint({
    method: 'PATCH',
    path: '/vc/team/members/:id/',
    access: 'fund:admin',
    summary: "Change a member's role (admin or member). 409 when it would leave the fund without an admin",
    tags: ['team'],
    params: IdParams(TEAM_MESSAGES.memberNotFound),
    body: UpdateMemberBodySchema,
    response: z.object({ member: FundMemberSchema }),
  }),
  invitePreview: defineEndpoint({
    method: 'POST',
    path: '/vc/team/invite-preview/',
    access: 'public',
    publicRateLimit: 'form',
    summary: "The fund an invite link is for, so the join page can name it (404 unknown; 410 expired, used or revoked)",
    tags: ['team'],
    body: JoinTeamBodySchema,
    response: z.object({ fundName: z.string() }),
  }),
  join: defineEndpoint({
    method: 'POST',
    path: '/vc/team/join/',
    access: 'vc',
    summary: 'Join a fund with an invite token (409 already in a fund; 410 expired, used or revoked)',
    tags: ['team'],
    body: JoinTeamBodySchema,
    response: z.object({ ok: z.literal(true), fundId: z.string() }),
  }),
} as const;
