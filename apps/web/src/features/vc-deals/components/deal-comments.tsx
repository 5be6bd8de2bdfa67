import type { DealComment, FundMember } from '@fitscore/contracts';
import { MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { QueryError } from '@/components/layout/query-state';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAddComment, useDealComments, useDeleteComment, useEditComment } from '../api/comments';
import { formatDateTime } from '../lib/labels';
import { BlindNotice } from './blind-notice';
import { CommentEditor } from './comment-editor';
import { MarkdownLight } from '@/components/ui/markdown-light';
import { plural } from '@/lib/plural';

function CommentItem({ comment, dealId, members }: { comment: DealComment; dealId: string; members: FundMember[] }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(dealId);
  const remove = useDeleteComment(dealId);
  const toast = useToast();
  const author = comment.author?.name || 'A former member';

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          <span className="font-semibold text-slate-900">{author}</span>{' '}
          <span className="text-xs text-slate-500">
            <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
            {comment.editedAt ? <span title={`Edited ${formatDateTime(comment.editedAt)}`}> · edited</span> : null}
          </span>
        </p>
        {comment.mine && !editing ? (
          <div className="flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2"
              onClick={() => setEditing(true)}
              aria-label="Edit comment"
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-red-700 hover:bg-red-50"
              onClick={() => setConfirming(true)}
              aria-label="Delete comment"
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <div className="mt-2">
          <CommentEditor
            label="Edit your comment"
            members={members}
            initial={comment.body}
            submitLabel="Save"
            busy={edit.isPending}
            focusOnOpen
            onCancel={() => setEditing(false)}
            onSubmit={(body) =>
              edit.mutateAsync(
                { id: comment.id, body },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast.success('Comment updated');
                  },
                  onError: (err) => toast.error(errorMessage(err, 'Could not save the comment. Please try again.')),
                },
              )
            }
          />
        </div>
      ) : (
        <MarkdownLight text={comment.body} className="mt-1 text-sm leading-relaxed break-words text-slate-800" />
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this comment?"
        description="It is removed for everyone in your fund."
      >
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(comment.id, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success('Comment deleted');
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not delete the comment. Please try again.')),
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

/** The deal's comments (`#comments`): the fund's discussion, with @mentions of its members. */
export function DealComments({ dealId, members }: { dealId: string; members: FundMember[] }) {
  const query = useDealComments(dealId);
  const add = useAddComment(dealId);
  const toast = useToast();
  const location = useLocation();
  const section = useRef<HTMLElement>(null);
  const scrolled = useRef(false);

  // /vc/deal/{id}#comments (the pipeline's 'Add comment', a mention's View) lands here once the comments show.
  useEffect(() => {
    if (location.hash !== '#comments' || scrolled.current || !query.data) return;
    scrolled.current = true;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true });
  }, [location.hash, query.data]);

  return (
    <Card>
      <section id="comments" ref={section} aria-labelledby="comments-title" className="scroll-mt-24">
        <CardHeader>
          <CardTitle id="comments-title">Comments</CardTitle>
          {query.data && !query.data.hidden ? (
            <span className="text-xs text-slate-500">
              {plural(query.data.comments.length, 'comment')}
            </span>
          ) : null}
        </CardHeader>
        <CardBody className="space-y-5">
          {query.isPending ? (
            <Spinner label="Loading the comments" />
          ) : query.isError ? (
            <QueryError query={query} />
          ) : query.data.hidden ? (
            <BlindNotice what="your teammates' comments" />
          ) : query.data.comments.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              No comments yet. Start the discussion for your team.
            </p>
          ) : (
            <ol className="divide-y divide-slate-100" aria-label="Comments">
              {query.data.comments.map((c) => (
                <CommentItem key={c.id} comment={c} dealId={dealId} members={members} />
              ))}
            </ol>
          )}
          {query.data?.hidden ? null : (
          <CommentEditor
            label="Add a comment"
            members={members}
            submitLabel="Comment"
            busy={add.isPending}
            onSubmit={(body) =>
              add.mutateAsync(body, {
                onSuccess: () => toast.success('Comment added'),
                onError: (err) => toast.error(errorMessage(err, 'Could not post the comment. Please try again.')),
              })
            }
          />
          )}
        </CardBody>
      </section>
    </Card>
  );
}
