import { DEAL_STATUS_LABELS, DEAL_STATUSES, type BulkAction, type BulkSelection, type FundMember, type FundStage } from '@fitscore/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ExportButton } from '@/components/ui/export-button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { exportSelectionCsv, useBulkAction, useUndoBulk } from '../api/bulk';

const n = (count: number) => plural(count, 'deal', { format: (c) => c.toLocaleString('en-US') });

/** The decline of a selection: the reasons every applicant hears (one a line) and the fund's own note. */
function BulkDeclineDialog({ count, open, onClose, onConfirm }: { count: number; open: boolean; onClose: () => void; onConfirm: (reasons: string[], note: string) => void }) {
  const [reasons, setReasons] = useState('');
  const [note, setNote] = useState('');
  const list = reasons
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (list.length) onConfirm(list, note);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={`Decline ${n(count)}`} description="Each applicant by form or email is sent these reasons; your note stays in the fund.">
      <form onSubmit={submit} className="space-y-4">
        <Field label="Reasons (one a line)" required>
          {(ids) => <Textarea {...ids} value={reasons} onChange={(e) => setReasons(e.target.value)} rows={3} maxLength={1300} />}
        </Field>
        <Field label="Internal note">
          {(ids) => <Input {...ids} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!list.length}>
            Decline {n(count)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * What to do with the selected rows (issue 31 point 3): status, stage, owner, a tag, the CSV, or a
 * decline with reasons; once done, one Undo for the whole batch.
 */
export function BulkBar({
  count,
  total,
  allMatching,
  selection,
  members,
  stages,
  onSelectAllMatching,
  onClear,
}: {
  count: number;
  total: number;
  allMatching: boolean;
  selection: BulkSelection;
  members: FundMember[];
  stages: FundStage[];
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkAction();
  const undo = useUndoBulk();
  const toast = useToast();
  const [tag, setTag] = useState('');
  // Declining: true for Decline… or Set status → Cold, or the Cold stage a move goes to (each declines).
  const [declining, setDeclining] = useState<boolean | FundStage>(false);
  const [done, setDone] = useState<{ batchId: string; text: string } | null>(null);

  const run = (action: BulkAction, text: (changed: number) => string) =>
    bulk.mutate(
      { selection, action },
      {
        onSuccess: (r) => {
          setDone({ batchId: r.batchId, text: text(r.selected) });
          onClear();
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not change the selected deals. Please try again.')),
      },
    );
  const revert = (batchId: string) =>
    undo.mutate(batchId, {
      onSuccess: (r) => {
        setDone(null);
        toast.success(`Undone: ${n(r.restored)} back as they were`);
      },
      onError: (err) => toast.error(errorMessage(err, 'Could not undo the change. Please try again.')),
    });

  if (count === 0) {
    return done ? (
      <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
        <span>{done.text}</span>
        <Button size="sm" variant="secondary" onClick={() => revert(done.batchId)} disabled={undo.isPending}>
          Undo
        </Button>
      </div>
    ) : null;
  }

  const busy = bulk.isPending;
  return (
    <section aria-label="Bulk actions" className="space-y-2 rounded-xl border border-brand-200 bg-brand-50/60 px-4 py-3">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <strong>{n(count)} selected</strong>
        {!allMatching && total > count ? (
          <Button size="sm" variant="link" onClick={onSelectAllMatching}>
            Select all {n(total)} matching
          </Button>
        ) : null}
        <Button size="sm" variant="link" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label="Set status"
          className="h-9 w-auto max-w-full text-sm"
          value=""
          disabled={busy}
          onChange={(e) => {
            const status = DEAL_STATUSES.find((s) => s === e.target.value);
            if (status === 'cold') setDeclining(true);
            else if (status) run({ kind: 'status', status }, (c) => `${n(c)} moved to ${DEAL_STATUS_LABELS[status]}.`);
          }}
        >
          <option value="">Set status…</option>
          {DEAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {DEAL_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Move to stage"
          className="h-9 w-auto max-w-full text-sm"
          value=""
          disabled={busy}
          onChange={(e) => {
            const stage = stages.find((s) => s.id === e.target.value);
            if (!stage) return;
            if (stage.triage === 'cold') setDeclining(stage);
            else run({ kind: 'stage', stageId: stage.id, note: '' }, (c) => `${n(c)} moved to ${stage.name}.`);
          }}
        >
          <option value="">Move to stage…</option>
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Assign selected"
          className="h-9 w-auto max-w-full text-sm"
          value=""
          disabled={busy}
          onChange={(e) => {
            const value = e.target.value;
            if (!value) return;
            const member = members.find((m) => m.id === value) ?? null;
            run({ kind: 'assign', ownerId: member?.id ?? null }, (c) => (member ? `${n(c)} assigned to ${member.name || member.email}.` : `${n(c)} unassigned.`));
          }}
        >
          <option value="">Assign to…</option>
          <option value="none">Unassigned</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name || m.email}
            </option>
          ))}
        </Select>
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            const t = tag.trim();
            if (t) run({ kind: 'tag', tag: t }, (c) => `Tag ${t} added to ${n(c)}.`);
            setTag('');
          }}
        >
          <Input aria-label="Tag" placeholder="Tag" className="h-9 w-28 text-sm" value={tag} maxLength={40} onChange={(e) => setTag(e.target.value)} />
          <Button size="sm" variant="secondary" type="submit" disabled={busy || !tag.trim()}>
            Add tag
          </Button>
        </form>
        <ExportButton label="Export selection" download={() => exportSelectionCsv(selection)} done="CSV exported successfully" failed="Could not export the selected deals. Please try again." />
        <Button size="sm" variant="secondary" onClick={() => setDeclining(true)} disabled={busy}>
          Decline…
        </Button>
      </div>
      {declining ? (
        <BulkDeclineDialog
          count={count}
          open
          onClose={() => setDeclining(false)}
          onConfirm={(reasons, note) => {
            const stage = declining;
            setDeclining(false);
            if (typeof stage === 'object') run({ kind: 'stage', stageId: stage.id, reasons, note }, (c) => `${n(c)} declined and moved to ${stage.name}.`);
            else run({ kind: 'decline', reasons, note }, (c) => `${n(c)} declined.`);
          }}
        />
      ) : null}
    </section>
  );
}
