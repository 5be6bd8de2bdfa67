import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { DealIdParamsSchema } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Follow-ups (issue 31 point 4): reminders on deals (when, a note, who), the fund's 'no touch in
 * N days' rule for chosen stages, and each member's digest email (daily, weekly or never).
 */
export const FOLLOW_UP_NOT_FOUND = 'Follow-up not found';
export const FOLLOW_UP_NOTE_MAX = 1000;
export const FOLLOW_UP_IDLE_DAYS_MAX = 365;

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'never'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = { daily: 'Daily', weekly: 'Weekly', never: 'Never' };
/** What a member gets before choosing. */
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'weekly';

const Person = z.object({ id: z.string(), name: z.string() });

export const FollowUpSchema = z
  .object({
    id: z.string(),
    dealId: z.string(),
    /** When it is due (ISO); due once this time has passed. */
    dueAt: IsoDateTimeSchema,
    note: z.string(),
    /** Who follows up (null: whoever created it). */
    assignee: Person.nullable(),
    createdBy: Person.nullable(),
    doneAt: IsoDateTimeSchema.nullable(),
    doneBy: Person.nullable(),
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'FollowUp' });
export type FollowUp = z.infer<typeof FollowUpSchema>;

const dueAt = z.iso.datetime({ offset: true, error: 'Choose a valid date and time' });
const note = z.string().trim().max(FOLLOW_UP_NOTE_MAX, `The note must be at most ${FOLLOW_UP_NOTE_MAX} characters`);
const assigneeId = z.uuid({ error: 'Choose a member of your fund' }).nullable();

export const FollowUpBodySchema = z.object({ dueAt, note: note.default(''), assigneeId: assigneeId.default(null) });
export type FollowUpBody = z.infer<typeof FollowUpBodySchema>;
export const FollowUpEditSchema = z
  .object({ dueAt: dueAt.optional(), note: note.optional(), assigneeId: assigneeId.optional() })
  .refine((b) => b.dueAt !== undefined || b.note !== undefined || b.assigneeId !== undefined, 'Change the date, the note or who follows up');
export type FollowUpEdit = z.infer<typeof FollowUpEditSchema>;
export const FollowUpParamsSchema = z.object({ id: z.uuid({ error: FOLLOW_UP_NOT_FOUND }) });

/** A deal of a stage in the fund's rule, untouched for longer than the rule allows. */
export const IdleDealSchema = z.object({
  dealId: z.string(),
  startupName: z.string(),
  stageName: z.string(),
  /** The last touch (or its arrival, never touched since). */
  lastTouchAt: IsoDateTimeSchema,
  idleDays: z.number().int(),
});
export type IdleDeal = z.infer<typeof IdleDealSchema>;

/** What is due for the caller: their reminders whose time has come, and the fund's idle deals. */
export const DueFollowUpsSchema = z.object({
  reminders: z.array(FollowUpSchema.extend({ startupName: z.string() })),
  idle: z.array(IdleDealSchema),
  /** Both together (the bell's and the card's count; `idle` lists at most 50). */
  count: z.number().int(),
});
export type DueFollowUps = z.infer<typeof DueFollowUpsSchema>;

export const FollowUpRuleSchema = z.object({
  /** Off: no deal is due by the rule. */
  enabled: z.boolean(),
  idleDays: z.number().int().min(1, 'At least 1 day').max(FOLLOW_UP_IDLE_DAYS_MAX, `At most ${FOLLOW_UP_IDLE_DAYS_MAX} days`),
  /** The fund's stages (ids) the rule watches. */
  stageIds: z.array(z.uuid({ error: 'Stage not found' })).max(30),
});
export type FollowUpRule = z.infer<typeof FollowUpRuleSchema>;
export const FollowUpRuleBodySchema = FollowUpRuleSchema.refine((r) => !r.enabled || r.stageIds.length > 0, {
  message: 'Choose at least one stage to watch',
  path: ['stageIds'],
});

/** The zone a member's digest follows before they choose one. */
export const DEFAULT_DIGEST_TIME_ZONE = 'UTC';
export const TIME_ZONE_MAX = 64;

/** Whether `name` is an IANA time zone this runtime knows ('America/New_York', 'UTC'); offsets like '+05:00' are not. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const DigestSettingsSchema = z.object({
  frequency: z.enum(DIGEST_FREQUENCIES, { error: 'frequency must be daily, weekly or never' }),
  /** The member's IANA time zone: the digest goes out from the digest hour of their day, with times in it. Left out: unchanged. */
  timeZone: z
    .string({ error: 'timeZone must be an IANA time zone name such as America/New_York' })
    .max(TIME_ZONE_MAX, 'timeZone must be an IANA time zone name such as America/New_York')
    .refine(isTimeZone, 'timeZone must be an IANA time zone name such as America/New_York')
    .optional(),
});
export type DigestSettings = z.infer<typeof DigestSettingsSchema>;
/** The member's digest choice as read: their zone ('UTC' until they choose one) and whether they chose it. */
export const DigestSettingsResponseSchema = DigestSettingsSchema.extend({
  timeZone: z.string(),
  /** False: no zone saved yet (the digest follows UTC); the settings screen offers the browser's. */
  timeZoneSaved: z.boolean(),
});
export type DigestSettingsResponse = z.infer<typeof DigestSettingsResponseSchema>;

const followUp = z.object({ followUp: FollowUpSchema });

export const followUpsEndpoints = {
  ofDeal: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/follow-ups',
    access: 'fund:member',
    summary: "The deal's follow-ups: open ones by due time, then done ones",
    tags: ['follow-ups'],
    params: DealIdParamsSchema,
    response: z.object({ followUps: z.array(FollowUpSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/follow-ups',
    access: 'fund:member',
    summary: 'Add a follow-up to a deal: when, a note, and who (a member of the fund)',
    tags: ['follow-ups'],
    params: DealIdParamsSchema,
    body: FollowUpBodySchema,
    status: 201,
    response: followUp,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/vc/follow-ups/:id',
    access: 'fund:member',
    summary: "Change a follow-up's date, note or who follows up",
    tags: ['follow-ups'],
    params: FollowUpParamsSchema,
    body: FollowUpEditSchema,
    response: followUp,
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/vc/follow-ups/:id/done',
    access: 'fund:member',
    summary: 'Mark a follow-up done (a touch on its deal)',
    tags: ['follow-ups'],
    params: FollowUpParamsSchema,
    response: followUp,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/follow-ups/:id',
    access: 'fund:member',
    summary: 'Delete a follow-up',
    tags: ['follow-ups'],
    params: FollowUpParamsSchema,
    response: OkSchema,
  }),
  due: defineEndpoint({
    method: 'GET',
    path: '/api/vc/follow-ups/due',
    access: 'fund:member',
    summary: "What is due for the caller: their reminders whose time has come, and deals idle past the fund's rule",
    tags: ['follow-ups'],
    response: DueFollowUpsSchema,
  }),
  rule: defineEndpoint({
    method: 'GET',
    path: '/api/vc/follow-ups/rule',
    access: 'fund:member',
    summary: "The fund's 'no touch in N days' rule",
    tags: ['follow-ups'],
    response: z.object({ rule: FollowUpRuleSchema }),
  }),
  saveRule: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/follow-ups/rule',
    access: 'fund:admin',
    summary: "Set the fund's 'no touch in N days' rule and the stages it watches (admins only)",
    tags: ['follow-ups'],
    body: FollowUpRuleBodySchema,
    response: z.object({ rule: FollowUpRuleSchema }),
  }),
  digest: defineEndpoint({
    method: 'GET',
    path: '/api/vc/follow-ups/digest',
    access: 'fund:member',
    summary: "The caller's digest email: daily, weekly or never, and the time zone it follows",
    tags: ['follow-ups'],
    response: DigestSettingsResponseSchema,
  }),
  saveDigest: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/follow-ups/digest',
    access: 'fund:member',
    summary: "Choose the caller's digest email: daily, weekly or never, and optionally the time zone it follows",
    tags: ['follow-ups'],
    body: DigestSettingsSchema,
    response: DigestSettingsResponseSchema,
  }),
} as const;
