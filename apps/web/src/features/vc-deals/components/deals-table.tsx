import type { Deal, DealStatus, FundMember, PipelineColumn } from '@fitscore/contracts';
import { MessageSquarePlus, PanelRightOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDate, sourceSummary } from '../lib/labels';
import { AssignSelect } from './assign-select';
import { DealTags } from './deal-tags';
import { FitScoreBar } from './fitscore-bar';
import { ReturningBadge } from './seen-before';
import { StatusButtons } from './status-buttons';

export interface DealRowActions {
  members: FundMember[];
  onSelect: (index: number) => void;
  onQuickView: (deal: Deal) => void;
  onStatus: (deal: Deal, status: DealStatus) => void;
  onAssign: (deal: Deal, member: FundMember | null) => void;
  /** Bulk selection (issue 31 point 3): whether a row is picked; a click picks it, shift-click the range from the last one. */
  isPicked: (deal: Deal) => boolean;
  onPick: (index: number, range: boolean) => void;
}

/** A row's checkbox: click picks it, shift-click the rows between it and the last one picked; Space from the keyboard. */
function PickBox({ deal, index, checked, onPick }: { deal: Deal; index: number; checked: boolean; onPick: DealRowActions['onPick'] }) {
  return (
    <input
      type="checkbox"
      className="h-4 w-4 rounded border-slate-300"
      aria-label={`Select ${deal.startupName}`}
      checked={checked}
      onClick={(e) => {
        e.stopPropagation();
        onPick(index, e.shiftKey);
      }}
      onChange={() => undefined}
    />
  );
}

function QuickViewButton({ deal, onQuickView }: { deal: Deal; onQuickView: (deal: Deal) => void }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        onQuickView(deal);
      }}
      className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-600 ring-1 ring-slate-200 ring-inset hover:bg-slate-50"
      aria-label={`Quick view ${deal.startupName}`}
      title="Quick view (Enter)"
    >
      <PanelRightOpen className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

/** 'Add comment': the deal page's comments (issue 11: the row's add-comment action, now that comments exist). */
function AddCommentLink({ deal }: { deal: Deal }) {
  return (
    <Link
      to={`${paths.vc.deal(deal.id)}#comments`}
      onClick={(e) => e.stopPropagation()}
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-600 ring-1 ring-slate-200 ring-inset hover:bg-slate-50"
      aria-label={`Add comment on ${deal.startupName}`}
      title="Add comment"
    >
      <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

/** Keeps the selected row in sight when the selection moves (not when the list first shows). */
function useScrollIntoView(selected: number) {
  const ref = useRef<HTMLElement | null>(null);
  const previous = useRef(selected);
  useEffect(() => {
    if (previous.current === selected) return;
    previous.current = selected;
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return ref;
}

const NAME_LINK = 'font-semibold text-slate-900 hover:text-brand-700 hover:underline';

/** The pipeline table (Date, Startup, Sector, Stage, Geography, FitScore, Source, Actions); cards on a phone. */
export function DealsTable({
  deals,
  selected,
  cards,
  columns,
  allPicked,
  onPickAll,
  ...actions
}: { deals: Deal[]; selected: number; cards: boolean; columns: readonly PipelineColumn[]; allPicked: boolean; onPickAll: () => void } & DealRowActions) {
  const shows = (c: PipelineColumn) => columns.includes(c);
  const selectedRef = useScrollIntoView(selected);
  const setRef = (i: number) => (el: HTMLElement | null) => {
    if (i === selected) selectedRef.current = el;
  };

  if (cards) {
    return (
      <ul className="space-y-3" aria-label="Deals">
        {deals.map((deal, i) => (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events -- selecting a card by tap; the keyboard moves the selection with j/k
          <li
            key={deal.id}
            ref={setRef(i)}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => actions.onSelect(i)}
            className={cn(
              'rounded-xl border bg-white p-4 shadow-sm',
              i === selected ? 'border-brand-400 ring-2 ring-brand-200' : 'border-slate-200',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <PickBox deal={deal} index={i} checked={actions.isPicked(deal)} onPick={actions.onPick} />
              <div className="min-w-0 flex-1">
                <Link to={paths.vc.deal(deal.id)} className={cn(NAME_LINK, 'break-words')}>
                  {deal.startupName}
                </Link>
                <p className="mt-0.5 text-xs text-slate-500">
                  {[deal.sector, deal.stage, deal.geography].filter(Boolean).join(' · ') || 'No sector or stage yet'}
                </p>
              </div>
              <FitScoreBar deal={deal} className="w-28 shrink-0" />
            </div>
            <DealTags tags={deal.tags} className="mt-2" />
            <p className="mt-2 text-xs text-slate-500">
              {formatDate(deal.date)} · {sourceSummary(deal)}
              {deal.owner ? ` · ${deal.owner.name}` : ''} <ReturningBadge deal={deal} />
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
              <QuickViewButton deal={deal} onQuickView={actions.onQuickView} />
              <AddCommentLink deal={deal} />
              <StatusButtons deal={deal} compact onSet={(s) => actions.onStatus(deal, s)} />
              <AssignSelect
                deal={deal}
                members={actions.members}
                onAssign={(m) => actions.onAssign(deal, m)}
                className="ml-auto"
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="w-8 px-3 py-3">
              <input type="checkbox" className="h-4 w-4 rounded border-slate-300" aria-label="Select all shown deals" checked={allPicked} onChange={onPickAll} />
            </th>
            {shows('date') ? (
              <th scope="col" className="px-3 py-3">
                Date
              </th>
            ) : null}
            <th scope="col" className="px-3 py-3">
              Startup
            </th>
            {shows('sector') ? (
              <th scope="col" className="px-3 py-3">
                Sector
              </th>
            ) : null}
            {shows('stage') ? (
              <th scope="col" className="px-3 py-3">
                Stage
              </th>
            ) : null}
            {shows('geography') ? (
              <th scope="col" className="px-3 py-3">
                Geography
              </th>
            ) : null}
            {shows('fitScore') ? (
              <th scope="col" className="px-3 py-3">
                FitScore
              </th>
            ) : null}
            {shows('source') ? (
              <th scope="col" className="px-3 py-3">
                Source
              </th>
            ) : null}
            <th scope="col" className="px-3 py-3">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deals.map((deal, i) => (
            <tr
              key={deal.id}
              ref={setRef(i)}
              aria-selected={i === selected}
              onClick={() => actions.onSelect(i)}
              className={cn(
                'cursor-default align-top',
                i === selected ? 'bg-brand-50/70 outline-2 -outline-offset-2 outline-brand-300' : 'hover:bg-slate-50',
              )}
            >
              <td className="px-3 py-3">
                <PickBox deal={deal} index={i} checked={actions.isPicked(deal)} onPick={actions.onPick} />
              </td>
              {shows('date') ? <td className="px-3 py-3 whitespace-nowrap text-slate-600">{formatDate(deal.date)}</td> : null}
              <td className="min-w-56 px-4 py-3">
                <Link to={paths.vc.deal(deal.id)} className={NAME_LINK}>
                  {deal.startupName}
                </Link>
                <DealTags tags={deal.tags} className="mt-1" />
              </td>
              {shows('sector') ? <td className="px-3 py-3 text-slate-700">{deal.sector || '—'}</td> : null}
              {shows('stage') ? <td className="px-3 py-3 whitespace-nowrap text-slate-700">{deal.stage || '—'}</td> : null}
              {shows('geography') ? <td className="px-3 py-3 text-slate-700">{deal.geography || '—'}</td> : null}
              {shows('fitScore') ? (
                <td className="px-3 py-3">
                  <FitScoreBar deal={deal} />
                </td>
              ) : null}
              {shows('source') ? (
                <td
                  className="px-3 py-3 whitespace-nowrap text-slate-700"
                  title={deal.sources.length > 1 ? `${deal.sources.length} sources` : undefined}
                >
                  {sourceSummary(deal)} <ReturningBadge deal={deal} />
                </td>
              ) : null}
              <td className="px-3 py-3">
                <div className="flex items-center gap-2">
                  <QuickViewButton deal={deal} onQuickView={actions.onQuickView} />
                  <AddCommentLink deal={deal} />
                  <StatusButtons deal={deal} compact onSet={(s) => actions.onStatus(deal, s)} />
                  <AssignSelect deal={deal} members={actions.members} onAssign={(m) => actions.onAssign(deal, m)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
