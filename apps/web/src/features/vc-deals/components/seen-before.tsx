import { DEAL_STATUS_LABELS, returnedAt, SUB_SCORE_LABELS, type Deal, type DealRowStatus, type SeenBefore } from '@fitscore/contracts';
import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { MarkdownLight } from '@/components/ui/markdown-light';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { factText, SECTION_LABELS, signed } from '@/lib/deck-labels';
import { useSeenBefore } from '../api/seen-before';
import { BlindNotice } from './blind-notice';
import { formatDate, SOURCE_LABELS } from '../lib/labels';

const statusName = (s: DealRowStatus) => (s === 'new' ? 'New' : DEAL_STATUS_LABELS[s]);
const deltaTone = (n: number) => (n > 0 ? 'text-emerald-700' : n < 0 ? 'text-red-700' : 'text-slate-500');

/** The 'Returning' mark of a pipeline row: the company came back (another channel, or a day or more later). */
export function ReturningBadge({ deal }: { deal: Pick<Deal, 'sources'> }) {
  const back = returnedAt(deal.sources);
  return back ? (
    <Badge tone="amber" title={`Came back on ${formatDate(back)}`}>
      Returning
    </Badge>
  ) : null;
}

/**
 * 'Seen before' on the deal page of a company that came back (issue 31 point 6): the decks it sent
 * before with their FitScores, what changed in the deck it came back with, the fund's decisions of
 * the time with their reasons, and the comments of the time. Nothing for a company seen once.
 */
export function SeenBeforeCard({ deal }: { deal: Deal }) {
  const back = returnedAt(deal.sources);
  const query = useSeenBefore(deal.id, back !== null);
  if (!back) return null;
  const data = query.data;
  const first = deal.sources[0]!;
  const cameBack = deal.sources.find((s) => s.receivedAt === back)!;
  return (
    <Card role="region" aria-labelledby="seen-before-title">
      <CardHeader className="block">
        <CardTitle id="seen-before-title" className="flex items-center gap-2">
          <History className="h-5 w-5 text-amber-600" aria-hidden="true" />
          Seen before
        </CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          First received by {SOURCE_LABELS[first.channel]} on {formatDate(first.receivedAt)}; came back by {SOURCE_LABELS[cameBack.channel]} on{' '}
          {formatDate(back)}.
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        {query.isPending ? (
          <Spinner label="Loading what you saw before" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {query.error.message}
          </p>
        ) : data?.hidden ? (
          <BlindNotice what="the earlier scores, decisions and comments" />
        ) : data ? (
          <SeenBeforeParts data={data} />
        ) : null}
      </CardBody>
    </Card>
  );
}

function SeenBeforeParts({ data }: { data: SeenBefore }) {
  const { changes } = data;
  return (
    <>
      <section aria-labelledby="seen-decks">
        <h3 id="seen-decks" className="text-sm font-semibold text-slate-900">
          Earlier decks
        </h3>
        {data.earlierDecks.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No deck came with the earlier arrivals.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm" aria-label="Earlier decks">
            {data.earlierDecks.map((d) => (
              <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="min-w-0 break-words text-slate-800">
                  v{d.version} · {d.filename} <span className="text-slate-500">({formatDate(d.uploadedAt)})</span>
                </span>
                <span className="font-semibold tabular-nums text-slate-900">{d.fitScore === null ? 'Not scored' : `FitScore ${d.fitScore}`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {changes ? (
        <section aria-labelledby="seen-changes">
          <h3 id="seen-changes" className="text-sm font-semibold text-slate-900">
            What changed (v{changes.fromVersion} → v{changes.toVersion})
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            FitScore {changes.fromFitScore} → {changes.toFitScore}{' '}
            <span className={cn('font-semibold', deltaTone(changes.toFitScore - changes.fromFitScore))}>
              ({signed(changes.toFitScore - changes.fromFitScore)})
            </span>
            {changes.engineDiffers ? <span className="text-slate-500"> · scored by different engine versions</span> : null}
          </p>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Changes in the deck">
            {changes.subScores
              .filter((s) => s.delta !== 0)
              .map((s) => (
                <li key={s.dimension}>
                  {SUB_SCORE_LABELS[s.dimension]} {s.from} → {s.to} <span className={cn('font-semibold', deltaTone(s.delta))}>({signed(s.delta)})</span>
                </li>
              ))}
            {changes.sections.gained.length ? (
              <li className="text-emerald-800">
                {changes.sections.gained.length === 1 ? 'New section' : 'New sections'}: {changes.sections.gained.map((s) => SECTION_LABELS[s.kind]).join(', ')}
              </li>
            ) : null}
            {changes.sections.lost.length ? (
              <li className="text-red-800">
                {changes.sections.lost.length === 1 ? 'Section gone' : 'Sections gone'}: {changes.sections.lost.map((s) => SECTION_LABELS[s.kind]).join(', ')}
              </li>
            ) : null}
            {changes.facts.added.map((f, i) => (
              <li key={`fa-${i}`} className="text-emerald-800">
                Now states {factText(f)}
                {f.page ? ` (page ${f.page})` : ''}
              </li>
            ))}
            {changes.facts.changed.map((c, i) => (
              <li key={`fc-${i}`} className="text-amber-900">
                {factText(c.before)} → {factText(c.after)}
              </li>
            ))}
            {changes.facts.removed.length ? (
              // One line for what the new deck no longer says: a reader scans it, not 30 lines of it.
              <li className="text-red-800">No longer states: {changes.facts.removed.map((f) => factText(f)).join('; ')}</li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="seen-decisions">
        <h3 id="seen-decisions" className="text-sm font-semibold text-slate-900">
          Your decisions then
        </h3>
        {data.decisions.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No Hot, Track or Cold before it came back.</p>
        ) : (
          <ul className="mt-1 space-y-2 text-sm" aria-label="Decisions before it came back">
            {data.decisions.map((d) => (
              <li key={d.at}>
                <span className="font-medium text-slate-900">
                  {statusName(d.from)} → {statusName(d.to)}
                </span>{' '}
                <span className="text-slate-500">
                  {d.by ? `by ${d.by.name} ` : ''}on {formatDate(d.at)}
                </span>
                {d.reasons.length > 0 ? <span className="block text-slate-700">Reasons: {d.reasons.join('; ')}</span> : null}
                {d.note ? <span className="block text-slate-600">Note: {d.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="seen-comments">
        <h3 id="seen-comments" className="text-sm font-semibold text-slate-900">
          Comments of the time
        </h3>
        {data.comments.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No comments before it came back.</p>
        ) : (
          <ul className="mt-1 space-y-2 text-sm" aria-label="Comments before it came back">
            {data.comments.map((c) => (
              <li key={c.id} className="rounded-lg bg-slate-50 p-2">
                <span className="text-xs text-slate-500">
                  {c.author?.name ?? 'A former member'} · {formatDate(c.createdAt)}
                </span>
                <MarkdownLight text={c.body} className="text-slate-800" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
