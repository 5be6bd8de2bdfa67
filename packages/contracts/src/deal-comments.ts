import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { DEAL_ROW_STATUSES, DEAL_SOURCES, DealIdParamsSchema } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/** The longest comment body, in characters (after trimming). */
export const COMMENT_MAX_CHARS = 4000;
export const COMMENT_EMPTY = 'Write a comment first';
export const COMMENT_TOO_LONG = `A comment must be at most ${COMMENT_MAX_CHARS} characters`;
export const COMMENT_NOT_FOUND = 'Comment not found';
export const COMMENT_NOT_YOURS = 'Only the author can edit or delete a comment';

/**
 * How a comment names a fund member: `@[Name](member id)`. The web app's @ autocomplete
 * inserts it; the server keeps the tokens whose id is a member of the deal's fund (stored as
 * the comment's mentions) and turns any other into the plain text `@Name`.
 */
export const MENTION_TOKEN_SOURCE = String.raw`@\[([^\[\]\n]{1,100})\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)`;
export const mentionTokenPattern = () => new RegExp(MENTION_TOKEN_SOURCE, 'g');

/** The token the autocomplete inserts for a member (brackets in a name would end it early). */
export function mentionToken(member: { id: string; name: string }): string {
  return `@[${member.name.replace(/[[\]\n]/g, ' ').trim() || 'member'}](${member.id})`;
}

/** The member ids a body's tokens name, each once, in order. */
export function mentionedIds(body: string): string[] {
  const ids: string[] = [];
  for (const m of body.matchAll(mentionTokenPattern())) {
    const id = m[2]!.toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The body as plain text (tokens read as `@Name`), for a notification's details. */
export function commentPlainText(body: string): string {
  return body.replace(mentionTokenPattern(), (_all, name: string) => `@${name}`);
}

export const CommentBodySchema = z.object({
  body: z
    .string({ error: COMMENT_EMPTY })
    .trim()
    .min(1, COMMENT_EMPTY)
    .max(COMMENT_MAX_CHARS, COMMENT_TOO_LONG),
});

const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const DealCommentSchema = z
  .object({
    id: z.string(),
    dealId: z.string(),
    /** Null once the author's account is gone. */
    author: PersonSchema.nullable(),
    /** Markdown-light: **bold**, *italic*, `code`, [links](https://…), line breaks, `@[Name](id)` mentions. */
    body: z.string(),
    /** The fund members it mentions (resolved, members only). */
    mentions: z.array(PersonSchema),
    createdAt: IsoDateTimeSchema,
    /** When it was last edited; null when never ('edited' marker). */
    editedAt: IsoDateTimeSchema.nullable(),
    /** The caller wrote it (and may edit or delete it). */
    mine: z.boolean(),
  })
  .meta({ id: 'DealComment' });
export type DealComment = z.infer<typeof DealCommentSchema>;

export const CommentParamsSchema = DealIdParamsSchema.extend({ cid: z.uuid({ error: COMMENT_NOT_FOUND }) });

/** Kinds of a deal's activity; the stored ones are kept in `deal_activity`, the others read from their own tables. */
export const DEAL_ACTIVITY_STORED_KINDS = ['assigned', 'reviewed', 'commented', 'comment_edited', 'comment_deleted'] as const;
export const DEAL_ACTIVITY_KINDS = ['received', 'scored', 'status', ...DEAL_ACTIVITY_STORED_KINDS] as const;
export type DealActivityKind = (typeof DEAL_ACTIVITY_KINDS)[number];

export const DealActivitySchema = z
  .object({
    id: z.string(),
    kind: z.enum(DEAL_ACTIVITY_KINDS),
    /** When it happened (ISO). */
    at: IsoDateTimeSchema,
    /** The member who did it; null for the system (arrivals, scoring) or a former member. */
    by: PersonSchema.nullable(),
    /** One line saying what happened ('Moved from New to Hot', 'Assigned to Ada'). */
    text: z.string(),
    /** received: the channel. */
    source: z.enum(DEAL_SOURCES).nullable(),
    /** status: from and to. */
    from: z.enum(DEAL_ROW_STATUSES).nullable(),
    to: z.enum(DEAL_ROW_STATUSES).nullable(),
    /** scored: the engine's overall score of that analysis. */
    score: z.number().int().nullable(),
    /** assigned: the new owner (null when unassigned). */
    assignee: PersonSchema.nullable(),
    /** Comment events: the comment (null once deleted). */
    commentId: z.string().nullable(),
    /** status: the note given. */
    note: z.string(),
  })
  .meta({ id: 'DealActivity' });
export type DealActivity = z.infer<typeof DealActivitySchema>;

/** Comments on a deal (fund members only; the author edits or deletes their own) and its activity log. */
export const dealCommentsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/comments',
    access: 'fund:member',
    summary: "A deal's comments, oldest first",
    tags: ['deals'],
    params: DealIdParamsSchema,
    /** `hidden`: blind first look, the caller has not recorded their own view yet (no comment is sent). */
    response: z.object({ comments: z.array(DealCommentSchema), hidden: z.boolean().optional() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/comments',
    access: 'fund:member',
    status: 201,
    summary: 'Comment on a deal; each newly @mentioned member is notified',
    tags: ['deals'],
    params: DealIdParamsSchema,
    body: CommentBodySchema,
    response: z.object({ comment: DealCommentSchema }),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/vc/deals/:id/comments/:cid',
    access: 'fund:member',
    summary: 'Edit your comment; only newly @mentioned members are notified',
    tags: ['deals'],
    params: CommentParamsSchema,
    body: CommentBodySchema,
    response: z.object({ comment: DealCommentSchema }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/deals/:id/comments/:cid',
    access: 'fund:member',
    summary: 'Delete your comment',
    tags: ['deals'],
    params: CommentParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  activity: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/activity',
    access: 'fund:member',
    summary: "A deal's activity, newest first: arrivals, scorings, status changes, assignments, reviews, comments",
    tags: ['deals'],
    params: DealIdParamsSchema,
    response: z.object({ activity: z.array(DealActivitySchema) }),
  }),
} as const;
