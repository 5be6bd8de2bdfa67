import { DECLINE_REASON_MAX, type Deal } from '@fitscore/contracts';
import { Check, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { useDeclineReasons } from '../api/deals';
import { howFounderHears, withReason } from '../lib/decline';

export const DECLINE_DIALOG_TITLE = 'Reason for passing';
const NOTE_MAX = 2000;

function ReasonChip({ reason, pressed, onToggle }: { reason: string; pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        'inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full px-3 py-1 text-left text-sm font-medium ring-1 ring-inset transition-colors',
        pressed ? 'bg-sky-50 text-sky-800 ring-sky-300' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50',
      )}
    >
      {pressed ? (
        <Check className="h-4 w-4 shrink-0" aria-hidden="true" />
      ) : (
        <Plus className="h-4 w-4 shrink-0" aria-hidden="true" />
      )}
      <span className="break-words">{reason}</span>
    </button>
  );
}

/** The form inside the dialog: its state starts afresh for each deal. */
function DeclineForm({
  deal,
  target,
  onCancel,
  onConfirm,
}: {
  deal: Deal;
  target: string;
  onCancel: () => void;
  onConfirm: (reasons: string[], note: string) => void;
}) {
  const suggested = useDeclineReasons(deal.id);
  // Suggestions arrive picked (prefilled); what the investor leaves out or adds is kept apart, so nothing is lost while they load.
  const [added, setAdded] = useState<string[]>([]);
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState('');
  const offered = added.reduce(withReason, suggested.data?.reasons ?? []);
  const picked = (r: string) => !left.has(r);

  const toggle = (reason: string) =>
    setLeft((l) => {
      const next = new Set(l);
      if (next.has(reason)) next.delete(reason);
      else next.add(reason);
      return next;
    });
  const add = () => {
    const reason = typed.trim().replace(/\s+/g, ' ');
    if (!reason) return;
    const existing = offered.find((r) => r.toLowerCase() === reason.toLowerCase());
    if (!existing) setAdded((a) => [...a, reason]);
    setLeft((l) => {
      const next = new Set(l);
      next.delete(existing ?? reason);
      return next;
    });
    setTyped('');
  };
  const chosen = offered.filter(picked);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length > 0) onConfirm(chosen, note.trim());
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Reasons</legend>
        {suggested.isPending ? (
          <Spinner label="Loading the suggested reasons" className="text-brand-600" />
        ) : suggested.isError ? (
          <p className="text-sm text-red-700">{suggested.error.message} You can still add your own reason.</p>
        ) : suggested.data.reasons.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing in this deal stands out against your thesis or the bar for its stage. Add your own reason.
          </p>
        ) : (
          <p className="text-xs text-slate-500">
            Suggested from the thesis fit and the analysis. Tap a reason to leave it out.
          </p>
        )}
        {offered.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {offered.map((r) => (
              <ReasonChip key={r} reason={r} pressed={picked(r)} onToggle={() => toggle(r)} />
            ))}
          </div>
        ) : null}
      </fieldset>
      <Field label="Add your own reason">
        {(ids) => (
          <div className="flex gap-2">
            <Input
              {...ids}
              value={typed}
              maxLength={DECLINE_REASON_MAX}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              placeholder="e.g. Too early for us"
            />
            <Button variant="secondary" onClick={add} disabled={!typed.trim()}>
              Add
            </Button>
          </div>
        )}
      </Field>
      <Field
        label="Internal note (optional)"
        hint="Only your team sees the note, in the deal's history. The founder never sees it."
      >
        {(ids) => (
          <Textarea {...ids} rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500" aria-live="polite">
          {chosen.length === 0
            ? 'Pick or add at least one reason.'
            : `${plural(chosen.length, 'reason')} picked`}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={chosen.length === 0}>
            Move to {target}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * 'Reason for passing': moving a Platform, Form or Email deal to Cold asks why, with reasons suggested
 * from its thesis fit and analysis (prefilled) and an internal note. Cancel leaves the status.
 */
export function DeclineDialog({
  deal,
  target = 'Cold',
  onCancel,
  onConfirm,
}: {
  deal: Deal | null;
  /** Where the deal goes: Cold, or the board's stage mapped to Cold (Passed). */
  target?: string | undefined;
  onCancel: () => void;
  onConfirm: (reasons: string[], note: string) => void;
}) {
  return (
    <Dialog
      open={deal !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={DECLINE_DIALOG_TITLE}
      description={deal ? `${deal.startupName} moves to ${target}. ${howFounderHears(deal.source)}` : undefined}
    >
      {deal ? (
        <DeclineForm key={deal.id} deal={deal} target={target} onCancel={onCancel} onConfirm={onConfirm} />
      ) : null}
    </Dialog>
  );
}
