import { z } from 'zod';
import { DealIdParamsSchema, DealSchema } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';
import { FUND_MEMBER_ROLES } from './vc.ts';

/** A person of the fund, as the pipeline's Assign select and Owner filter list them. */
export const FundMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(FUND_MEMBER_ROLES),
});
export type FundMember = z.infer<typeof FundMemberSchema>;

export const NOT_A_MEMBER = 'Choose a member of your fund';

export const DealAssignBodySchema = z
  .object({
    /** A member of the fund, or null to leave the deal unassigned. */
    memberId: z.uuid({ error: NOT_A_MEMBER }).nullable().optional(),
    /** The same as `memberId` (its earlier name, still accepted). */
    ownerId: z.uuid({ error: NOT_A_MEMBER }).nullable().optional(),
  })
  .refine((b) => b.memberId !== undefined || b.ownerId !== undefined, { error: 'Say which member (memberId), or null for none.' });

/** The member an assign body names (memberId, or its alias ownerId); null: unassigned. */
export const assignedMember = (body: { memberId?: string | null | undefined; ownerId?: string | null | undefined }): string | null =>
  body.memberId !== undefined ? body.memberId : (body.ownerId ?? null);

/** Who can own a deal (the fund's real members) and giving a deal its owner. */
export const dealTeamEndpoints = {
  members: defineEndpoint({
    method: 'GET',
    path: '/api/vc/members',
    access: 'fund:member',
    summary: "The fund's members (for Assign and the Owner filter)",
    tags: ['deals'],
    response: z.object({ members: z.array(FundMemberSchema) }),
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/assign',
    access: 'fund:member',
    summary: 'Give a deal an owner among the fund members (or none)',
    tags: ['deals'],
    params: DealIdParamsSchema,
    body: DealAssignBodySchema,
    response: z.object({ ok: z.literal(true), deal: DealSchema }),
  }),
} as const;
