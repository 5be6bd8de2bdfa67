import { FOLLOW_UP_NOTE_MAX, type FollowUp, type FundMember } from '@fitscore/contracts';
import { BellRing, Check, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAddFollowUp, useCompleteFollowUp, useDealFollowUps, useDeleteFollowUp, useEditFollowUp } from '../api/follow-ups';
import { formatDue, isDue, toLocalInput, tomorrowMorning } from '../lib/due-time';

interface Draft {
  due: string;
  note: string;
  assigneeId: string;
}

const memberName = (m: Pick<FundMember, 'name' | 'email'>) => m.name || m.email;

/** The date, note and member of a reminder: to add one, or to edit one in place. */
function FollowUpForm({
  initial,
  members,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  members: FundMember[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (draft: Draft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.due || Number.isNaN(new Date(draft.due).getTime())) return setError('Choose a valid date and time');
    setError(null);
    // A refused save keeps what was typed (the caller has said why).
    onSubmit(draft).then(
      () => {
        if (!onCancel) setDraft({ ...initial, due: toLocalInput(tomorrowMorning()) });
      },
      () => {},
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Due" required error={error ?? undefined}>
          {(ids) => <Input {...ids} type="datetime-local" value={draft.due} onChange={(e) => setDraft({ ...draft, due: e.target.value })} required />}
        </Field>
        <Field label="Who follows up">
          {(ids) => (
            <Select {...ids} value={draft.assigneeId} onChange={(e) => setDraft({ ...draft, assigneeId: e.target.value })}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {memberName(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Note">
        {(ids) => (
          <Textarea
            {...ids}
            rows={2}
            maxLength={FOLLOW_UP_NOTE_MAX}
            placeholder="Call the founder about the pilot results"
            value={draft.note}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function FollowUpItem({ dealId, followUp, members }: { dealId: string; followUp: FollowUp; members: FundMember[] }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditFollowUp(dealId);
  const complete = useCompleteFollowUp(dealId);
  const remove = useDeleteFollowUp(dealId);
  const toast = useToast();
  const who = followUp.assignee ?? followUp.createdBy;
  const label = followUp.note || 'Follow up';
  const fail = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

  if (editing) {
    return (
      <li className="py-3">
        <FollowUpForm
          initial={{ due: toLocalInput(new Date(followUp.dueAt)), note: followUp.note, assigneeId: who?.id ?? members[0]?.id ?? '' }}
          members={members}
          submitLabel="Save follow-up"
          busy={edit.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(d) =>
            edit
              .mutateAsync({ id: followUp.id, body: { dueAt: new Date(d.due).toISOString(), note: d.note, assigneeId: d.assigneeId || null } })
              .then(() => {
                setEditing(false);
                toast.success('Follow-up saved');
              })
              .catch(fail('Could not save the follow-up. Please try again.'))
          }
        />
      </li>
    );
  }
  const done = followUp.doneAt !== null;
  const overdue = !done && isDue(followUp.dueAt);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className={done ? 'text-sm break-words text-slate-500 line-through' : 'text-sm font-medium break-words text-slate-900'}>{label}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          {overdue ? <Badge tone="red">Due</Badge> : null}
          <span>
            {done ? 'Was due' : 'Due'} {formatDue(followUp.dueAt)}
          </span>
          {who ? <span>· {who.name}</span> : null}
          {done && followUp.doneAt ? (
            <span>
              · Done {followUp.doneBy ? `by ${followUp.doneBy.name} ` : ''}
              {formatDue(followUp.doneAt)}
            </span>
          ) : null}
        </p>
      </div>
      {done ? null : (
        <div className="flex shrink-0 gap-1">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Mark done: ${label}`}
            disabled={complete.isPending}
            onClick={() =>
              complete.mutate(followUp.id, { onSuccess: () => toast.success('Follow-up done'), onError: fail('Could not mark the follow-up done.') })
            }
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            Done
          </Button>
          <Button size="icon" variant="ghost" className="h-8 w-8" aria-label={`Edit follow-up: ${label}`} onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="h-8 w-8"
            aria-label={`Delete follow-up: ${label}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(followUp.id, { onSuccess: () => toast.success('Follow-up deleted'), onError: fail('Could not delete the follow-up.') })
            }
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}

/** The deal page's Follow-ups: reminders with a date, a note and who follows up; added, edited, done, deleted. */
export function FollowUpsPanel({ dealId, members, myId }: { dealId: string; members: FundMember[]; myId: string | undefined }) {
  const titleId = useId();
  const followUps = useDealFollowUps(dealId);
  const add = useAddFollowUp(dealId);
  const toast = useToast();
  const me = members.find((m) => m.id === myId);
  const ordered = me ? [me, ...members.filter((m) => m.id !== me.id)] : members;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <BellRing className="h-4 w-4 text-brand-600" aria-hidden="true" />
          Follow-ups
        </CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        <QueryState query={followUps} label="Loading follow-ups">
          {({ followUps: list }) =>
            list.length ? (
              <ul className="divide-y divide-slate-100" aria-label="Follow-ups on this deal">
                {list.map((f) => (
                  <FollowUpItem key={f.id} dealId={dealId} followUp={f} members={ordered} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No follow-ups yet. Add one so nobody forgets the next step.</p>
            )
          }
        </QueryState>
        {ordered.length ? (
          <div className="rounded-xl bg-slate-50 p-3">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">Add a follow-up</h3>
            <FollowUpForm
              initial={{ due: toLocalInput(tomorrowMorning()), note: '', assigneeId: ordered[0]!.id }}
              members={ordered}
              submitLabel="Add follow-up"
              busy={add.isPending}
              onSubmit={(d) =>
                add
                  .mutateAsync({ dueAt: new Date(d.due).toISOString(), note: d.note, assigneeId: d.assigneeId || null })
                  .then(() => toast.success('Follow-up added'))
                  .catch((err: unknown) => {
                    toast.error(errorMessage(err, 'Could not add the follow-up. Please try again.'));
                    throw err;
                  })
              }
            />
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
