import { FOLLOW_UP_IDLE_DAYS_MAX, type FollowUpRule, type FundStage } from '@fitscore/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useFollowUpRule, useSaveFollowUpRule } from '../api/follow-ups';

function RuleForm({ rule, stages, readOnly }: { rule: FollowUpRule; stages: FundStage[]; readOnly: boolean }) {
  const save = useSaveFollowUpRule();
  const toast = useToast();
  const [enabled, setEnabled] = useState(rule.enabled);
  const [days, setDays] = useState(String(rule.idleDays));
  const [stageIds, setStageIds] = useState<string[]>(rule.stageIds);
  const [error, setError] = useState<string | null>(null);
  const enabledId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const idleDays = Number(days);
    if (!Number.isInteger(idleDays) || idleDays < 1 || idleDays > FOLLOW_UP_IDLE_DAYS_MAX) {
      return setError(`Choose a whole number of days from 1 to ${FOLLOW_UP_IDLE_DAYS_MAX}`);
    }
    if (enabled && !stageIds.length) return setError('Choose at least one stage to watch');
    setError(null);
    save.mutate(
      { enabled, idleDays, stageIds: enabled ? stageIds : [] },
      {
        onSuccess: () => toast.success('Follow-up rule saved'),
        onError: (err) => setError(errorMessage(err, 'Could not save the rule. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="max-w-xl space-y-4" noValidate>
      <fieldset disabled={readOnly} className="space-y-4">
        <div className="flex items-start gap-3">
          <input id={enabledId} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="mt-1 h-4 w-4 accent-brand-600" />
          <label htmlFor={enabledId} className="text-sm">
            <span className="block font-semibold text-slate-900">Remind us when a deal goes untouched</span>
            <span className="block text-slate-600">
              A touch is a status or stage change, a comment, an assignment or a follow-up marked done. Idle deals show in everyone’s bell, on the
              dashboard and in the digest email.
            </span>
          </label>
        </div>
        <Field label="Days without a touch" hint={`From 1 to ${FOLLOW_UP_IDLE_DAYS_MAX} days`}>
          {(ids) => (
            <Input {...ids} type="number" inputMode="numeric" min={1} max={FOLLOW_UP_IDLE_DAYS_MAX} value={days} onChange={(e) => setDays(e.target.value)} disabled={!enabled || readOnly} className="max-w-32" />
          )}
        </Field>
        <fieldset disabled={!enabled || readOnly}>
          <legend className="mb-2 text-sm font-medium text-slate-700">Stages to watch</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {stages.map((s) => (
              <label key={s.id} className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 ring-1 ring-slate-200">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={stageIds.includes(s.id)}
                  onChange={(e) => setStageIds((ids) => (e.target.checked ? [...ids, s.id] : ids.filter((id) => id !== s.id)))}
                />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      {readOnly ? null : (
        <Button type="submit" disabled={save.isPending}>
          Save rule
        </Button>
      )}
    </form>
  );
}

/** Settings → Follow-ups: the fund's 'no touch in N days' rule for the stages it picks (admins change it). */
export function FollowUpRuleTab({
  readOnly,
  admins,
  stages,
}: {
  readOnly: boolean;
  admins: string[];
  /** The fund's stages (the app passes the stages feature's query). */
  stages: UseQueryResult<{ stages: FundStage[] }>;
}) {
  const rule = useFollowUpRule();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="block">
        <CardTitle id={titleId}>No-touch rule</CardTitle>
        <p className="mt-1 text-sm text-slate-600">Deals that sit too long in a stage without anyone touching them become follow-ups.</p>
      </CardHeader>
      <CardBody>
        {readOnly ? <AdminOnlyNote admins={admins} what="the follow-up rule" /> : null}
        <QueryState query={rule} label="Loading the follow-up rule">
          {(r) => (
            <QueryState query={stages} label="Loading your stages">
              {(s) => <RuleForm rule={r.rule} stages={s.stages} readOnly={readOnly} />}
            </QueryState>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}
