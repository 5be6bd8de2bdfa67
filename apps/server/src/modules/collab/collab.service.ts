import {
  COMMENT_NOT_FOUND,
  COMMENT_NOT_YOURS,
  DEAL_STATUS_LABELS,
  commentPlainText,
  mentionedIds,
  mentionTokenPattern,
  type DealActivity,
  type DealComment,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DealAssignment, DealReview } from '../deals/deal-events.ts';
import { DEAL_NOT_FOUND } from '../deals/deals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { CollabRepository, CommentRow } from './collab.repository.ts';

const SOURCE_LABELS = { upload: 'Upload', form: 'Form', email: 'Email', webhook: 'Webhook', platform: 'Platform', import: 'Import' } as const;
const statusLabel = (s: string) => (s === 'new' ? 'New' : (DEAL_STATUS_LABELS[s as keyof typeof DEAL_STATUS_LABELS] ?? s));
/** How much of a comment a mention notification quotes. */
const EXCERPT_CHARS = 200;
const FORMER_MEMBER = 'a former member';

export interface CollabServiceDeps {
  repo: CollabRepository;
  uow: UnitOfWork;
  notifications: Pick<NotificationsService, 'notifyMembers'>;
  /** The deal as this member may see it (deals module): `hidden` before their own view in a blind stage. */
  seen: (fundId: string, dealId: string, viewer: string) => Promise<{ hidden?: boolean | undefined }>;
}

/** What a member who has not recorded their own view in a blind stage does not see of the activity: the score and the team's views and comments. */
const BLIND_KINDS = new Set<DealActivity['kind']>(['scored', 'status', 'commented', 'comment_edited', 'comment_deleted']);

/** A comment just posted on a fund's deal. */
export interface CommentCreated {
  fundId: string;
  dealId: string;
  comment: DealComment;
}

function excerpt(body: string) {
  const text = commentPlainText(body).replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
}

const blankEvent = {
  by: null,
  source: null,
  from: null,
  to: null,
  score: null,
  assignee: null,
  commentId: null,
  note: '',
} satisfies Partial<DealActivity>;

/**
 * Comments on a fund's deals with @mentions of its members (each newly mentioned member gets a
 * `mention` notification), the `assigned` notification, and a deal's activity log.
 */
export function createCollabService({ repo, uow, notifications, seen }: CollabServiceDeps) {
  const commentListeners: ((comment: CommentCreated, tx: Transaction) => Promise<void>)[] = [];

  async function dealOf(fundId: string | null, dealId: string, tx?: Transaction) {
    const deal = fundId ? await repo.in(tx).deal(fundId, dealId) : undefined;
    if (!deal || !fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
    return { fundId, deal };
  }

  /**
   * The body with its mentions resolved: tokens naming a member of the fund stay (their ids are
   * the mentions); any other token becomes the plain text `@Name`.
   */
  async function resolveMentions(fundId: string, body: string, tx: Transaction) {
    const members = await repo.in(tx).members(fundId, mentionedIds(body));
    const ids = new Set(members.map((m) => m.id));
    const clean = body.replace(mentionTokenPattern(), (token, name: string, id: string) => (ids.has(id.toLowerCase()) ? token.replace(id, id.toLowerCase()) : `@${name}`));
    return { body: clean, mentions: mentionedIds(clean) };
  }

  async function toComments(rows: CommentRow[], userId: string, tx?: Transaction): Promise<DealComment[]> {
    const ids = new Set<string>();
    for (const r of rows) {
      if (r.authorUserId) ids.add(r.authorUserId);
      r.mentions.forEach((m) => ids.add(m));
    }
    const names = await repo.in(tx).people([...ids]);
    return rows.map((r) => ({
      id: r.id,
      dealId: r.dealId,
      author: r.authorUserId ? { id: r.authorUserId, name: names.get(r.authorUserId) ?? '' } : null,
      body: r.body,
      mentions: r.mentions.filter((m) => names.has(m)).map((m) => ({ id: m, name: names.get(m)! })),
      createdAt: r.createdAt.toISOString(),
      editedAt: r.editedAt?.toISOString() ?? null,
      mine: r.authorUserId === userId,
    }));
  }

  /**
   * Each member newly mentioned (never the author) gets a `mention` notification, pushed once the
   * comment is committed; one from whom the deal's comments are hidden (blind first look) gets it
   * without the comment's words.
   */
  async function notifyMentioned(
    fundId: string,
    deal: { id: string; startupName: string },
    authorId: string,
    comment: CommentRow,
    newly: string[],
    tx: Transaction,
  ) {
    const to = newly.filter((id) => id !== authorId);
    if (to.length === 0) return;
    const author = (await repo.in(tx).people([authorId])).get(authorId) ?? 'A colleague';
    const title = `${author} mentioned you on ${deal.startupName}`;
    const reason = [`Comment on ${deal.startupName}`, `By ${author}`];
    await notifications.notifyMembers(
      fundId,
      to,
      { type: 'mention', title, reason, details: excerpt(comment.body), dealId: deal.id, introId: null },
      tx,
      { title, reason: [...reason, "The team's comments show once you record your own Hot, Track or Cold"], details: '' },
    );
  }

  /** The author's own comment on the fund's deal, locked: 404 when there is none, 403 when it is someone else's. */
  async function ownComment(fundId: string | null, userId: string, dealId: string, commentId: string, tx: Transaction) {
    const { fundId: fund, deal } = await dealOf(fundId, dealId, tx);
    const comment = await repo.in(tx).comment(dealId, commentId);
    if (!comment) throw new AppError('not_found', COMMENT_NOT_FOUND);
    if (comment.authorUserId !== userId) throw new AppError('forbidden', COMMENT_NOT_YOURS);
    return { fundId: fund, deal, comment };
  }

  /** A member's comment on the fund's deal, its mentions notified, in `tx`. */
  async function post(fundId: string | null, userId: string, dealId: string, text: string, tx: Transaction) {
    const { fundId: fund, deal } = await dealOf(fundId, dealId, tx);
    const { body, mentions } = await resolveMentions(fund, text, tx);
    const row = await repo.in(tx).insertComment({ dealId, fundId: fund, authorUserId: userId, body, mentions });
    await repo.in(tx).addActivity({ dealId, userId, kind: 'commented', data: { commentId: row.id } });
    await notifyMentioned(fund, deal, userId, row, mentions, tx);
    const posted = (await toComments([row], userId, tx))[0]!;
    for (const listener of commentListeners) await listener({ fundId: fund, dealId, comment: posted }, tx);
    return posted;
  }

  return {
    /** Another module's work when a comment is posted (outgoing webhooks), in the comment's transaction. */
    onCommentCreated(listener: (comment: CommentCreated, tx: Transaction) => Promise<void>) {
      commentListeners.push(listener);
    },

    /** The deal's comments; none (and `hidden`) before the member's own view in a blind stage. */
    async list(fundId: string | null, userId: string, dealId: string) {
      const { fundId: fund } = await dealOf(fundId, dealId);
      if ((await seen(fund, dealId, userId)).hidden) return { comments: [], hidden: true };
      return { comments: await toComments(await repo.comments(dealId), userId) };
    },

    async create(fundId: string | null, userId: string, dealId: string, text: string) {
      return { comment: await uow.run((tx) => post(fundId, userId, dealId, text, tx)) };
    },

    /** A comment posted as part of a caller's unit of work (an imported deal's notes). */
    postIn: (fundId: string, userId: string, dealId: string, text: string, tx: Transaction) => post(fundId, userId, dealId, text, tx),

    async update(fundId: string | null, userId: string, dealId: string, commentId: string, text: string) {
      const comment = await uow.run(async (tx) => {
        const { fundId: fund, deal, comment: before } = await ownComment(fundId, userId, dealId, commentId, tx);
        const { body, mentions } = await resolveMentions(fund, text, tx);
        const row = await repo.in(tx).updateComment(commentId, body, mentions);
        await repo.in(tx).addActivity({ dealId, userId, kind: 'comment_edited', data: { commentId } });
        // Only those the edit adds are told; whoever was mentioned before already was.
        await notifyMentioned(fund, deal, userId, row, mentions.filter((m) => !before.mentions.includes(m)), tx);
        return (await toComments([row], userId, tx))[0]!;
      });
      return { comment };
    },

    async remove(fundId: string | null, userId: string, dealId: string, commentId: string) {
      await uow.run(async (tx) => {
        await ownComment(fundId, userId, dealId, commentId, tx);
        await repo.in(tx).deleteComment(commentId);
        await repo.in(tx).addActivity({ dealId, userId, kind: 'comment_deleted', data: { commentId } });
      });
      return { ok: true as const };
    },

    /** The deal's events, newest first, each with who and when. */
    async activity(fundId: string | null, viewer: string, dealId: string): Promise<{ activity: DealActivity[] }> {
      const { fundId: fund, deal } = await dealOf(fundId, dealId);
      const hidden = Boolean((await seen(fund, dealId, viewer)).hidden);
      const [arrivals, scorings, statuses, stored, comments] = await Promise.all([
        repo.arrivals(dealId),
        repo.scorings(dealId),
        repo.statusChanges(dealId),
        repo.stored(dealId),
        repo.comments(dealId),
      ]);
      const people = new Set<string>();
      for (const s of statuses) if (s.userId) people.add(s.userId);
      for (const s of stored) {
        if (s.userId) people.add(s.userId);
        const to = (s.data as { toUserId?: string | null }).toUserId;
        if (to) people.add(to);
      }
      const names = await repo.people([...people]);
      const person = (id: string | null) => (id ? { id, name: names.get(id) ?? FORMER_MEMBER } : null);
      const live = new Set(comments.map((c) => c.id));

      const events: DealActivity[] = [];
      // A deal that came in another way than an intake channel (an upload) has no arrival row for
      // its first one: the deal itself is that arrival.
      const received = arrivals.some((a) => a.channel === deal.source) ? arrivals : [...arrivals, { id: deal.id, channel: deal.source, receivedAt: deal.createdAt }];
      received.sort((x, y) => y.receivedAt.getTime() - x.receivedAt.getTime());
      received.forEach((a, i) => {
        const first = i === received.length - 1;
        events.push({
          ...blankEvent,
          id: `received:${a.id}`,
          kind: 'received',
          at: a.receivedAt.toISOString(),
          source: a.channel,
          text: first ? `Received via ${SOURCE_LABELS[a.channel]}` : `Received again via ${SOURCE_LABELS[a.channel]} (merged)`,
        });
      });
      for (const s of scorings) {
        events.push({ ...blankEvent, id: `scored:${s.id}`, kind: 'scored', at: s.createdAt.toISOString(), score: s.overall, text: `Scored (deck score ${s.overall})` });
      }
      for (const s of statuses) {
        events.push({
          ...blankEvent,
          id: `status:${s.id}`,
          kind: 'status',
          at: s.createdAt.toISOString(),
          by: person(s.userId),
          from: s.fromStatus,
          to: s.toStatus,
          note: s.note,
          text: s.fromStatus === s.toStatus ? `Noted on ${statusLabel(s.toStatus)}` : `Moved from ${statusLabel(s.fromStatus)} to ${statusLabel(s.toStatus)}`,
        });
      }
      for (const s of stored) {
        const data = s.data as { toUserId?: string | null; commentId?: string };
        const base = { ...blankEvent, id: `${s.kind}:${s.id}`, kind: s.kind, at: s.createdAt.toISOString(), by: person(s.userId) };
        if (s.kind === 'assigned') {
          const assignee = person(data.toUserId ?? null);
          events.push({ ...base, assignee, text: assignee ? `Assigned to ${assignee.name}` : 'Unassigned' });
        } else if (s.kind === 'reviewed') {
          events.push({ ...base, text: 'Marked as reviewed' });
        } else {
          const commentId = data.commentId && live.has(data.commentId) ? data.commentId : null;
          const text = s.kind === 'commented' ? 'Commented' : s.kind === 'comment_edited' ? 'Edited a comment' : 'Deleted a comment';
          events.push({ ...base, commentId, text });
        }
      }
      // Newest first; at the same instant the later step of a deal's life comes first.
      const order = ['received', 'scored', 'status', 'assigned', 'reviewed', 'commented', 'comment_edited', 'comment_deleted'];
      events.sort((a, b) => b.at.localeCompare(a.at) || order.indexOf(b.kind) - order.indexOf(a.kind));
      return { activity: hidden ? events.filter((e) => !BLIND_KINDS.has(e.kind)) : events };
    },

    /** In Assign's transaction: the activity entry, and the new owner (when not the one assigning) is told who gave them what. */
    async assigned(change: DealAssignment, tx: Transaction) {
      await repo.in(tx).addActivity({ dealId: change.dealId, userId: change.userId, kind: 'assigned', data: { toUserId: change.to, fromUserId: change.from } });
      if (!change.to || change.to === change.userId) return;
      const names = await repo.in(tx).people([change.userId]);
      const by = names.get(change.userId) ?? 'A colleague';
      const deal = await repo.in(tx).deal(change.fundId, change.dealId);
      await notifications.notifyMembers(
        change.fundId,
        [change.to],
        {
          type: 'assigned',
          title: `${by} assigned ${change.startupName} to you`,
          reason: [`Assigned by ${by}`, `Deal: ${change.startupName}`],
          details: deal?.oneLiner || `You now own ${change.startupName} in the pipeline.`,
          dealId: change.dealId,
          introId: null,
        },
        tx,
      );
    },

    /** In Mark as Reviewed's transaction: the activity entry. */
    async reviewed(review: DealReview, tx: Transaction) {
      await repo.in(tx).addActivity({ dealId: review.dealId, userId: review.userId, kind: 'reviewed' });
    },
  };
}
export type CollabService = ReturnType<typeof createCollabService>;
