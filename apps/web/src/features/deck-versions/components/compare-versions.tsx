import { SUB_SCORE_LABELS, type DeckVersion, type VersionComparison } from '@fitscore/contracts';
import { ArrowRight, GitCompare, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCompareVersions, useDeckVersions, useRescoreRun, useRescoreVersion } from '../api/versions';
import { factText, pagesText, SECTION_LABELS, signed } from '@/lib/deck-labels';
import { plural } from '@/lib/plural';

const versionName = (v: DeckVersion) => `Version ${v.version}`;

function versionOption(v: DeckVersion): string {
  const score = v.score ? `FitScore ${v.score.overall}` : 'not scored';
  return `${versionName(v)} · ${v.filename} · ${score}`;
}

const deltaTone = (n: number) => (n > 0 ? 'text-emerald-700' : n < 0 ? 'text-red-700' : 'text-slate-500');

const DO_NEXT_STATUS: Record<VersionComparison['doNext'][number]['status'], { text: string; tone: BadgeTone }> = {
  addressed: { text: 'Addressed', tone: 'green' },
  improved: { text: 'Partly addressed', tone: 'amber' },
  not_addressed: { text: 'Not addressed yet', tone: 'neutral' },
};

/** Re-scores one earlier version under the current engine and follows the run to its end. */
function RescoreButton({ version }: { version: DeckVersion }) {
  const rescore = useRescoreVersion();
  const [runId, setRunId] = useState<string | null>(null);
  const toast = useToast();
  const run = useRescoreRun(runId, (ended) => {
    if (ended.status === 'done') toast.success(`${versionName(version)} was scored again under the current engine.`);
    else toast.error(ended.error ?? 'Scoring failed. Please try again.');
    setRunId(null);
  });
  const start = async () => {
    try {
      const { run: started } = await rescore.mutateAsync(version.id);
      setRunId(started.id);
    } catch (err) {
      toast.error(errorMessage(err, 'Scoring failed. Please try again.'));
    }
  };
  if (runId) {
    return <ProgressBar value={run.data?.run.progress ?? 0} label={`Re-scoring ${versionName(version)}`} className="w-full sm:w-64" />;
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void start()} disabled={rescore.isPending}>
      <RotateCcw className="h-4 w-4" aria-hidden="true" />
      Re-score {versionName(version)}
    </Button>
  );
}

function Comparison({ cmp }: { cmp: VersionComparison }) {
  const { from, to } = cmp;
  return (
    <div className="space-y-6" aria-live="polite">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2" role="group" aria-label="Overall FitScore change">
        <p className="text-sm text-slate-600">
          FitScore <span className="font-semibold text-slate-900">{cmp.overall.from}</span>
          <ArrowRight className="mx-1 inline h-4 w-4" aria-label="to" />
          <span className="font-semibold text-slate-900">{cmp.overall.to}</span>
        </p>
        <p className={cn('text-2xl font-bold', deltaTone(cmp.overall.delta))}>
          {signed(cmp.overall.delta)} <span className="text-sm font-medium">{Math.abs(cmp.overall.delta) === 1 ? 'point' : 'points'}</span>
        </p>
      </div>
      {cmp.engineDiffers ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          These two scores were made by different versions of the scoring engine ({from.score?.engineVersion} and {to.score?.engineVersion}).
          Re-score the earlier version to compare like with like.
        </p>
      ) : null}

      <section aria-labelledby="cmp-subscores">
        <h3 id="cmp-subscores" className="text-sm font-semibold text-slate-900">
          Sub-scores
        </h3>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-1 pr-3 font-medium">Dimension</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{versionName(from)}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{versionName(to)}</th>
                <th scope="col" className="py-1 text-right font-medium">Change</th>
              </tr>
            </thead>
            <tbody>
              {cmp.subScores.map((s) => (
                <tr key={s.dimension} className="border-t border-slate-100">
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium text-slate-800">{SUB_SCORE_LABELS[s.dimension]}</th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.from}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.to}</td>
                  <td className={cn('py-1.5 text-right font-semibold tabular-nums', deltaTone(s.delta))}>{signed(s.delta)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="cmp-sections">
          <h3 id="cmp-sections" className="text-sm font-semibold text-slate-900">Sections</h3>
          {cmp.sections.gained.length === 0 && cmp.sections.lost.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">The same sections in both versions.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Sections gained and lost">
              {cmp.sections.gained.map((s) => (
                <li key={`g-${s.kind}`} className="text-emerald-800">
                  Gained: {SECTION_LABELS[s.kind]} ({pagesText(s.pages)} of {versionName(to)})
                </li>
              ))}
              {cmp.sections.lost.map((s) => (
                <li key={`l-${s.kind}`} className="text-red-800">
                  Lost: {SECTION_LABELS[s.kind]} (was on {pagesText(s.pages)} of {versionName(from)})
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="cmp-donext">
          <h3 id="cmp-donext" className="text-sm font-semibold text-slate-900">Earlier Do-Next</h3>
          {cmp.doNext.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{versionName(from)} had no Do-Next items.</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm" aria-label="Earlier Do-Next items">
              {cmp.doNext.map((d) => (
                <li key={d.dimension + d.title} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-slate-800">
                    {d.title} <span className="text-slate-500">({SUB_SCORE_LABELS[d.dimension]} {d.from} → {d.to})</span>
                  </span>
                  <Badge tone={DO_NEXT_STATUS[d.status].tone}>{DO_NEXT_STATUS[d.status].text}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="cmp-facts">
        <h3 id="cmp-facts" className="text-sm font-semibold text-slate-900">Facts</h3>
        <p className="mt-1 text-xs text-slate-500">
          {plural(cmp.facts.unchanged, 'fact')} unchanged.
        </p>
        <div className="mt-2 grid gap-4 md:grid-cols-3">
          <FactList title="Added" tone="text-emerald-800" items={cmp.facts.added.map((f) => ({ text: factText(f), where: f.page ? `page ${f.page}` : null, quote: f.quote }))} />
          <FactList title="Removed" tone="text-red-800" items={cmp.facts.removed.map((f) => ({ text: factText(f), where: f.page ? `was on page ${f.page}` : null, quote: f.quote }))} />
          <FactList
            title="Changed"
            tone="text-amber-900"
            items={cmp.facts.changed.map((c) => ({
              text: `${factText(c.before)} → ${factText(c.after)}`,
              where: `page ${c.before.page ?? '–'} → page ${c.after.page ?? '–'}`,
              quote: c.after.quote,
            }))}
          />
        </div>
      </section>
    </div>
  );
}

function FactList({ title, tone, items }: { title: string; tone: string; items: Array<{ text: string; where: string | null; quote: string }> }) {
  const id = useId();
  return (
    <div>
      <h4 id={id} className={cn('text-xs font-semibold uppercase tracking-wide', tone)}>
        {title} ({items.length})
      </h4>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None</p>
      ) : (
        <ul aria-labelledby={id} className="mt-1 space-y-1.5 text-sm">
          {items.map((item, i) => (
            <li key={i} className="break-words">
              <span className="font-medium text-slate-900">{item.text}</span>
              {item.where ? <span className="text-slate-500"> · {item.where}</span> : null}
              <span className="block text-xs text-slate-500">“{item.quote.length > 90 ? `${item.quote.slice(0, 89)}…` : item.quote}”</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Compare versions': the current version against an earlier one the founder picks. */
export function CompareVersionsCard() {
  const versions = useDeckVersions();
  const [withId, setWithId] = useState<string | null>(null);
  const selectId = useId();
  const list = versions.data?.versions ?? [];
  const current = list.find((v) => v.current) ?? list[0] ?? null;
  const earlier = list.filter((v) => v.id !== current?.id);
  const chosen = earlier.find((v) => v.id === withId) ?? null;
  const canCompare = Boolean(current?.score && chosen?.score);
  const cmp = useCompareVersions(canCompare ? current!.id : null, canCompare ? chosen!.id : null);

  return (
    <Card className="mt-6">
      <CardHeader>
        <div>
          <CardTitle className="flex items-center gap-2">
            <GitCompare className="h-4 w-4 text-brand-600" aria-hidden="true" />
            Compare versions
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Every upload is a version
            {versions.data?.versionsKept ? ` (your plan keeps ${versions.data.versionsKept})` : ''}. See what changed since an earlier one.
          </p>
        </div>
      </CardHeader>
      <CardBody className="space-y-5">
        {versions.isPending ? (
          <p className="text-sm text-slate-500">Loading your versions…</p>
        ) : versions.isError ? (
          <p role="alert" className="text-sm text-red-700">{errorMessage(versions.error, 'Could not load your versions.')}</p>
        ) : earlier.length === 0 || !current ? (
          <p className="text-sm text-slate-600">Upload a new version of your deck to see what changed.</p>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
                  Compare {versionName(current)} ({current.filename}) with
                </label>
                <select
                  id={selectId}
                  className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                  value={withId ?? ''}
                  onChange={(e) => setWithId(e.target.value || null)}
                >
                  <option value="">Choose an earlier version</option>
                  {earlier.map((v) => (
                    <option key={v.id} value={v.id}>
                      {versionOption(v)}
                    </option>
                  ))}
                </select>
              </div>
              {chosen ? <RescoreButton key={chosen.id} version={chosen} /> : null}
            </div>
            {chosen && chosen.engineOutdated ? (
              <p className="text-sm text-amber-800">
                {versionName(chosen)} was scored by an earlier engine ({chosen.score?.engineVersion}). Re-score it to compare under the current one.
              </p>
            ) : null}
            {chosen && !chosen.score ? (
              <p className="text-sm text-slate-600">{versionName(chosen)} was never scored. Re-score it to compare.</p>
            ) : null}
            {!current.score ? <p className="text-sm text-slate-600">Score your current version first.</p> : null}
            {cmp.isError ? <p role="alert" className="text-sm text-red-700">{errorMessage(cmp.error, 'Could not compare these versions.')}</p> : null}
            {cmp.isFetching && !cmp.data ? <p className="text-sm text-slate-500">Comparing…</p> : null}
            {cmp.data ? <Comparison cmp={cmp.data} /> : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}
