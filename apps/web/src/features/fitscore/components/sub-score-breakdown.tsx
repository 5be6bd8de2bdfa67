import { SUB_SCORE_KEYS, SUB_SCORE_LABELS, type FitScoreViewAnalysis, type Rubric, type SubScoreKey } from '@fitscore/contracts';
import { ChevronDown, FileText, Info, User } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { benchmarkText } from './benchmark-format';
import { subScoreBar } from './tones';

function EvidenceList({ analysis, dimension }: { analysis: FitScoreViewAnalysis; dimension: SubScoreKey }) {
  const detail = analysis.subScores[dimension];
  return (
    <div className="space-y-3 pt-2 pb-1 text-sm">
      <p className="text-slate-700">{detail.summary}</p>
      {detail.evidence.length > 0 ? (
        <div>
          <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Evidence</p>
          <ul className="space-y-1.5">
            {detail.evidence.map((e, i) => (
              <li key={i} className="flex gap-2 text-slate-700">
                {e.source === 'profile' ? (
                  <User className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                ) : (
                  <FileText className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                )}
                <span>
                  <span className="font-medium text-slate-900">
                    {e.page ? `Slide ${e.page}` : 'Profile'}
                    {e.source === 'llm' ? ' (model, verified)' : ''}:
                  </span>{' '}
                  “{e.quote}”
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-slate-500">No evidence was found for this dimension in the deck or the profile.</p>
      )}
      {detail.rules.length > 0 ? (
        <div>
          <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Rules applied</p>
          <ul className="space-y-1">
            {detail.rules.map((r) => (
              <li key={r.id} className="flex justify-between gap-4 text-slate-700">
                <span>{r.description}</span>
                <span className={cn('shrink-0 font-semibold', r.points >= 0 ? 'text-emerald-700' : 'text-red-700')}>
                  {r.points > 0 ? '+' : ''}
                  {r.points}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function HowItsCalculated({ analysis, rubric }: { analysis: FitScoreViewAnalysis; rubric?: Rubric | undefined }) {
  const stage = analysis.stage.value;
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline">
        <Info className="h-4 w-4" aria-hidden="true" />
        How it&apos;s calculated
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 max-h-[70vh] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-xl"
        >
          <h3 className="font-semibold text-slate-900">How your FitScore is calculated</h3>
          <p className="mt-2 text-slate-700">
            {rubric?.overall ??
              'Each of the nine dimensions is scored 1-10 from explicit rules over the facts found in your deck and profile; the FitScore is their weighted mean on a 0-100 scale.'}
          </p>
          <p className="mt-2 text-slate-700">
            Benchmarks are taken at the <strong>{stage}</strong> stage
            {analysis.stage.source === 'profile' ? ' (from your profile)' : analysis.stage.source === 'deck' ? ' (read from your deck)' : ' (assumed)'}.{' '}
            {rubric?.confidence ?? 'Confidence reflects how much evidence was found, not how high the score is.'}
          </p>
          {rubric ? (
            <div className="mt-4 space-y-4">
              {rubric.dimensions.map((d) => (
                <section key={d.key} aria-label={d.label}>
                  <h4 className="font-semibold text-slate-900">
                    {d.label} <span className="font-normal text-slate-500">· starts at {d.base}</span>
                  </h4>
                  <p className="text-slate-600">{d.measures}</p>
                  <ul className="mt-1 space-y-0.5">
                    {d.rules.map((r) => {
                      const benchmark = r.benchmark ? rubric.benchmarks.find((b) => b.id === r.benchmark) : undefined;
                      const bar = benchmark?.byStage?.[stage] ?? (benchmark ? { good: benchmark.good, great: benchmark.great } : null);
                      return (
                        <li key={r.id} className="flex justify-between gap-3 text-slate-700">
                          <span>
                            {r.description}
                            {benchmark && bar && benchmarkText(benchmark, bar) ? (
                              <span className="text-slate-500"> ({benchmarkText(benchmark, bar)})</span>
                            ) : null}
                          </span>
                          <span className="shrink-0 font-medium">{r.points > 0 ? `+${r.points}` : r.points}</span>
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ))}
              <p className="text-xs text-slate-500">Engine {rubric.engineVersion}. Sources for every benchmark are listed in the scoring documentation.</p>
            </div>
          ) : null}
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Nine sub-scores as bars in the section-5 colour bands; each opens to its evidence and rules. */
export function SubScoreBreakdown({ analysis, rubric }: { analysis: FitScoreViewAnalysis; rubric?: Rubric | undefined }) {
  const [open, setOpen] = useState<SubScoreKey | null>(null);
  const baseId = useId();
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 className="text-base font-semibold text-slate-900">Score breakdown</h2>
        <HowItsCalculated analysis={analysis} rubric={rubric} />
      </div>
      <ul className="divide-y divide-slate-100">
        {SUB_SCORE_KEYS.map((key) => {
          const value = analysis.subScores[key].score;
          const expanded = open === key;
          const panelId = `${baseId}-${key}`;
          return (
            <li key={key} className="py-2">
              <button
                type="button"
                className="grid w-full grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-1.5 rounded-lg py-1 text-left hover:bg-slate-50 sm:grid-cols-[10rem_1fr_auto_auto]"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : key)}
              >
                <span className="text-sm font-medium text-slate-700">{SUB_SCORE_LABELS[key]}</span>
                {/* On phones the bar takes its own full-width line under the label. */}
                <span className="relative order-last col-span-3 h-2.5 overflow-hidden rounded-full bg-slate-100 sm:order-none sm:col-span-1" aria-hidden="true">
                  <span className={cn('absolute inset-y-0 left-0 rounded-full', subScoreBar(value))} style={{ width: `${value * 10}%` }} />
                </span>
                <span className="w-12 text-right text-sm font-semibold text-slate-900" aria-label={`${SUB_SCORE_LABELS[key]} ${value} out of 10`}>
                  {value}/10
                </span>
                <ChevronDown className={cn('h-4 w-4 shrink-0 text-slate-400 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
              </button>
              <div id={panelId} hidden={!expanded} className="pl-1 sm:pl-[10.75rem]">
                {expanded ? <EvidenceList analysis={analysis} dimension={key} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
