import {
  STAGE_NAME_MAX,
  STAGE_TRIAGE_LABELS,
  STAGE_TRIAGES,
  STAGES_MAX,
  type FundStage,
  type StageTriage,
} from '@fitscore/contracts';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useFundStages, useSaveStages } from '../api/stages';
import { BlindLookSettings } from './blind-look-settings';

interface Draft {
  key: string;
  id?: string;
  name: string;
  triage: StageTriage;
}

let added = 0;
const draftOf = (stages: FundStage[]): Draft[] =>
  stages.map((s) => ({ key: s.id, id: s.id, name: s.name, triage: s.triage }));

/** A removed stage that still holds deals: the server says how many; the admin picks where they go. */
interface Asking {
  stage: FundStage;
  deals: number;
}

function StagesEditor({ stages }: { stages: FundStage[] }) {
  const save = useSaveStages();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft[]>(() => draftOf(stages));
  const [moves, setMoves] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<Asking[]>([]);
  const [error, setError] = useState<string | null>(null);

  const change = (key: string, patch: Partial<Draft>) =>
    setDraft((d) => d.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const shift = (index: number, by: number) =>
    setDraft((d) => {
      const next = [...d];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      stages: draft.map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name.trim(), triage: s.triage })),
      moves,
    };
    save.mutate(body, {
      onSuccess: (data) => {
        setDraft(draftOf(data.stages));
        setMoves({});
        setAsking([]);
        toast.success('Stages saved');
      },
      onError: (err) => {
        const details =
          err instanceof ApiError && err.status === 409
            ? (err.details as { stageId?: string; deals?: number } | undefined)
            : undefined;
        const stage = details?.stageId ? stages.find((s) => s.id === details.stageId) : undefined;
        if (stage && details?.deals) {
          setAsking((a) => [...a.filter((x) => x.stage.id !== stage.id), { stage, deals: details.deals! }]);
          setError(
            `${stage.name} holds ${plural(details.deals, 'deal')}: choose the stage they go to, then save again.`,
          );
        } else setError(errorMessage(err, 'Could not save your stages. Please try again.'));
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <ol className="space-y-2" aria-label="Stages in order">
        {draft.map((s, i) => (
          <li
            key={s.key}
            className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-slate-200 sm:flex-row sm:items-center"
          >
            <span className="w-6 text-sm font-semibold text-slate-500" aria-hidden="true">
              {i + 1}
            </span>
            <Input
              aria-label={`Stage ${i + 1} name`}
              value={s.name}
              maxLength={STAGE_NAME_MAX}
              required
              onChange={(e) => change(s.key, { name: e.target.value })}
              className="sm:flex-1"
            />
            <Select
              aria-label={`Stage ${i + 1} triage`}
              value={s.triage}
              onChange={(e) => change(s.key, { triage: e.target.value as StageTriage })}
              className="sm:w-48"
            >
              {STAGE_TRIAGES.map((t) => (
                <option key={t} value={t}>
                  {STAGE_TRIAGE_LABELS[t]}
                </option>
              ))}
            </Select>
            <div className="flex gap-1">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Move ${s.name || 'stage'} up`}
                disabled={i === 0}
                onClick={() => shift(i, -1)}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Move ${s.name || 'stage'} down`}
                disabled={i === draft.length - 1}
                onClick={() => shift(i, 1)}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove ${s.name || 'stage'}`}
                disabled={draft.length === 1}
                onClick={() => setDraft((d) => d.filter((x) => x.key !== s.key))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {asking.map(({ stage, deals }) => {
        const targets = draft.filter((s) => s.id && s.triage === stage.triage);
        return (
          <div key={stage.id} className="rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200">
            <label className="block text-sm font-medium text-amber-900" htmlFor={`move-${stage.id}`}>
              Where do the {plural(deals, 'deal')} in {stage.name} go?
            </label>
            <Select
              id={`move-${stage.id}`}
              className="mt-2 max-w-sm"
              value={moves[stage.id] ?? ''}
              onChange={(e) => setMoves((m) => ({ ...m, [stage.id]: e.target.value }))}
            >
              <option value="">Choose a stage ({STAGE_TRIAGE_LABELS[stage.triage]})</option>
              {targets.map((t) => (
                <option key={t.key} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
            {targets.length === 0 ? (
              <p className="mt-1 text-xs text-amber-900">
                Keep or save another {STAGE_TRIAGE_LABELS[stage.triage]} stage first.
              </p>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          disabled={draft.length >= STAGES_MAX}
          onClick={() => setDraft((d) => [...d, { key: `new-${(added += 1)}`, name: '', triage: 'track' }])}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add stage
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save stages'}
        </Button>
      </div>
    </form>
  );
}

function ReadOnlyStages({ stages }: { stages: FundStage[] }) {
  return (
    <ol className="space-y-2" aria-label="Stages in order">
      {stages.map((s, i) => (
        <li key={s.id} className="flex items-center justify-between gap-2 rounded-xl px-3 py-2 ring-1 ring-slate-200">
          <span className="text-sm text-slate-800">
            {i + 1}. {s.name}
          </span>
          <Badge>{STAGE_TRIAGE_LABELS[s.triage]}</Badge>
        </li>
      ))}
    </ol>
  );
}

/**
 * Settings → Stages (issue 31 point 1): the fund's own process, in order, each stage mapped to the
 * triage a deal in it has (Hot/Track/Cold stay on every screen). Admins edit; members read.
 */
export function StagesTab({ readOnly, admins }: { readOnly: boolean; admins: string[] }) {
  const stages = useFundStages();
  return (
    <div className="space-y-6">
    <Card>
      <CardHeader className="block">
        <CardTitle>Stages in our process</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          The board&apos;s columns, in order. Each stage sets a deal&apos;s triage: moving a deal to a stage makes it
          Hot, Track or Cold, and a Cold stage asks for the reasons for passing. Hot, Track and Cold keep a deal in its
          stage when it matches, else move it to the first stage of that triage. Not the company&apos;s funding stage
          (Seed, Series A).
        </p>
      </CardHeader>
      <CardBody>
        <QueryState query={stages} label="Loading your stages">
          {(data) =>
            readOnly ? (
              <>
                <AdminOnlyNote admins={admins} what="your fund's stages" />
                <ReadOnlyStages stages={data.stages} />
              </>
            ) : (
              <StagesEditor key={data.stages.map((s) => s.id).join()} stages={data.stages} />
            )
          }
        </QueryState>
      </CardBody>
    </Card>
    <BlindLookSettings readOnly={readOnly} admins={admins} />
    </div>
  );
}
