import type { BlindLookSettings as Settings, FundStage } from '@fitscore/contracts';
import { useId, useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useBlindLook, useSaveBlindLook } from '../api/blind-look';
import { useFundStages } from '../api/stages';

const checkbox = 'mt-0.5 h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 focus:ring-brand-500 disabled:cursor-default';

function BlindLookForm({ settings, stages, readOnly }: { settings: Settings; stages: FundStage[]; readOnly: boolean }) {
  const id = useId();
  const save = useSaveBlindLook();
  const toast = useToast();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [chosen, setChosen] = useState<string[]>(settings.stageIds);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { enabled, stageIds: stages.filter((s) => chosen.includes(s.id)).map((s) => s.id) },
      {
        onSuccess: () => toast.success('Blind first look saved'),
        onError: (err) => setError(errorMessage(err, 'Could not save the blind first look. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Blind first look">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-on`}
          type="checkbox"
          className={checkbox}
          checked={enabled}
          disabled={readOnly}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <label htmlFor={`${id}-on`} className="cursor-pointer text-sm font-medium text-slate-900">
          Blind first look
        </label>
      </div>
      <fieldset className="space-y-1" disabled={readOnly || !enabled}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Applies to these stages</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {stages.map((s) => (
            <div key={s.id} className="flex items-center gap-3 rounded-lg p-1.5 hover:bg-slate-50">
              <input
                id={`${id}-${s.id}`}
                type="checkbox"
                className={checkbox}
                checked={chosen.includes(s.id)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.id] : c.filter((x) => x !== s.id)))}
              />
              <label htmlFor={`${id}-${s.id}`} className="cursor-pointer text-sm text-slate-800">
                {s.name}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {readOnly ? null : (
        <Button type="submit" disabled={save.isPending}>
          Save blind first look
        </Button>
      )}
    </form>
  );
}

/**
 * Settings → Stages: 'Blind first look' (issue 31 point 7). In the chosen stages a member sees
 * neither the FitScore nor the team's votes and comments until they record their own Hot/Track/Cold.
 */
export function BlindLookSettings({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  const settings = useBlindLook();
  const stages = useFundStages();
  return (
    <Card role="region" aria-labelledby="blind-look-title">
      <CardHeader className="block">
        <CardTitle id="blind-look-title">Blind first look</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Screen without anchoring: in the stages you choose, each member sees neither the FitScore nor teammates&apos;
          votes and comments on a deal until they have given their own Hot, Track or Cold. It applies to admins too.
        </p>
      </CardHeader>
      <CardBody>
        {readOnly ? <AdminOnlyNote admins={admins} what="the blind first look" /> : null}
        <QueryState query={settings} label="Loading the blind first look">
          {(s) => (
            <QueryState query={stages} label="Loading your stages">
              {(data) => <BlindLookForm key={`${s.enabled}:${s.stageIds.join()}`} settings={s} stages={data.stages} readOnly={readOnly} />}
            </QueryState>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}
