import {
  PIPELINE_COLUMN_LABELS,
  PIPELINE_COLUMNS,
  type BulkSelection,
  type Deal,
  type DealStatus,
  type FundMember,
  type PipelineColumn,
  type SavedView,
  type SavedViewState,
} from '@fitscore/contracts';
import { Columns3, Rows3, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';
import { Button } from '@/components/ui/button';
import { PageLoader, Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { boardQuery, useDealBoard, useStages } from '../api/board';
import { useAssignDeal, useDealFacets, useDealList, useMembers } from '../api/deals';
import { useSavedViews } from '../api/saved-views';
import { hasFilters, listQuery, readView, writeView, type PipelineView } from '../lib/filters';
import { countLabel } from '../lib/labels';
import { shortcutAllowed, STATUS_KEYS } from '../lib/keys';
import { usePhoneLayout } from '../lib/use-phone';
import { BulkBar } from './bulk-bar';
import { DealsBoard } from './deals-board';
import { DealsTable } from './deals-table';
import { EmptyDeals } from './empty-deals';
import { ExportCsvButton } from './export-csv-button';
import { PipelineFilters } from './pipeline-filters';
import { QuickView } from './quick-view';
import { SavedViewsMenu } from './saved-views-menu';
import { StatusTabs } from './status-tabs';
import { TrialBanner } from './trial-banner';
import { useMoveDeal } from './use-move-deal';

const NO_MATCH = 'No deals match your current filters.';

export interface DealsWorkspaceProps {
  title: string;
  subtitle?: string;
  /** /vc/hot, /vc/track, /vc/cold: one status, no tabs. */
  fixedStatus?: DealStatus;
  /** What shows when there are no deals at all (in the status, for the status pages). */
  empty: { icon: LucideIcon; title: string; text: ReactNode };
  headerActions?: ReactNode;
}

type Layout = 'table' | 'board';
const LAYOUT_KEY = 'fitscore.pipeline.layout';
const storedLayout = (): Layout => {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'board' ? 'board' : 'table';
  } catch {
    return 'table';
  }
};

/** Table or Board, remembered in this browser. */
function useLayout(): [Layout, (layout: Layout) => void] {
  const [layout, setLayout] = useState<Layout>(storedLayout);
  const choose = useCallback((next: Layout) => {
    setLayout(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // A browser that keeps nothing still switches, for this visit.
    }
  }, []);
  return [layout, choose];
}

function LayoutSwitch({ value, onChange }: { value: Layout; onChange: (layout: Layout) => void }) {
  const options: { layout: Layout; label: string; icon: LucideIcon }[] = [
    { layout: 'table', label: 'Table', icon: Rows3 },
    { layout: 'board', label: 'Board', icon: Columns3 },
  ];
  return (
    <div
      role="radiogroup"
      aria-label="Pipeline view"
      className="inline-flex rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200"
    >
      {options.map(({ layout, label, icon: Icon }) => (
        <button
          key={layout}
          type="button"
          role="radio"
          aria-checked={value === layout}
          onClick={() => onChange(layout)}
          className={
            value === layout
              ? 'inline-flex min-h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-semibold text-brand-700 shadow-sm'
              : 'inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-slate-600 hover:text-slate-900'
          }
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}

/** Which optional columns the table shows (a saved view brings its own). */
function ColumnsMenu({
  value,
  onChange,
}: {
  value: readonly PipelineColumn[];
  onChange: (columns: PipelineColumn[]) => void;
}) {
  return (
    <details className="relative">
      <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50">
        Columns
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 w-44 space-y-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
        <legend className="sr-only">Columns shown</legend>
        {PIPELINE_COLUMNS.map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={value.includes(c)}
              onChange={(e) =>
                onChange(PIPELINE_COLUMNS.filter((x) => (x === c ? e.target.checked : value.includes(x))))
              }
            />
            {PIPELINE_COLUMN_LABELS[c]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** The rows picked for a bulk action: one by one (click, shift-click, x), or every deal matching the view. */
function usePicked(view: PipelineView) {
  const key = JSON.stringify(listQuery(view));
  // Kept with the list it was made in: a new view is a new list, where nothing is picked yet.
  const [state, setState] = useState<{ key: string; ids: Set<string>; anchor: number | null; allMatching: boolean }>(
    () => ({
      key,
      ids: new Set(),
      anchor: null,
      allMatching: false,
    }),
  );
  const live = state.key === key ? state : { key, ids: new Set<string>(), anchor: null, allMatching: false };
  const clear = useCallback(() => setState({ key, ids: new Set(), anchor: null, allMatching: false }), [key]);
  const setIds = useCallback((ids: Set<string>) => setState({ key, ids, anchor: null, allMatching: false }), [key]);
  const setAllMatching = useCallback(
    (allMatching: boolean) =>
      setState((s) => ({ ...(s.key === key ? s : { key, ids: new Set<string>(), anchor: null }), allMatching })),
    [key],
  );
  const pick = useCallback(
    (deals: Deal[], index: number, range: boolean) => {
      const target = deals[index];
      if (!target) return;
      setState((old) => {
        const s = old.key === key ? old : { key, ids: new Set<string>(), anchor: null, allMatching: false };
        const next = new Set(s.ids);
        if (range && s.anchor !== null) {
          const [from, to] = s.anchor < index ? [s.anchor, index] : [index, s.anchor];
          for (const d of deals.slice(from, to + 1)) next.add(d.id);
        } else if (next.has(target.id)) next.delete(target.id);
        else next.add(target.id);
        return { key, ids: next, anchor: index, allMatching: false };
      });
    },
    [key],
  );
  const selection: BulkSelection = live.allMatching
    ? { filters: (({ sort: _sort, ...filters }) => filters)(listQuery(view)), except: [] }
    : { ids: [...live.ids], except: [] };
  return { ids: live.ids, allMatching: live.allMatching, setAllMatching, setIds, pick, clear, selection };
}

/** Loads more rows when the end of the list comes into view. */
function useLoadMore(enabled: boolean, load: () => void) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '400px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, load]);
  return ref;
}

/** The pipeline's working surface: search and filters, tabs, the table (cards on a phone), triage by click or key, quick view. */
export function DealsWorkspace({ title, subtitle, fixedStatus, empty, headerActions }: DealsWorkspaceProps) {
  const [params, updateParams] = useSearchParamsUpdate();
  const view = useMemo(() => readView(params, fixedStatus), [params, fixedStatus]);
  const [chosenLayout, setLayout] = useLayout();
  // The board is the whole pipeline's; the Hot/Track/Cold pages stay lists.
  const layout: Layout = fixedStatus ? 'table' : chosenLayout;
  const list = useDealList(view);
  const query = useMemo(() => boardQuery(view), [view]);
  const board = useDealBoard(query, layout === 'board');
  const stages = useStages();
  const members = useMembers().data?.members ?? [];
  const facets = useDealFacets(view.tab === 'all' ? undefined : view.tab).data?.facets;
  const { move, dialog: declineDialog } = useMoveDeal();
  const assign = useAssignDeal();
  const toast = useToast();
  const phone = usePhoneLayout();
  // The selection is a deal, not a position: it stays on its row while pages load; a new view starts at the top.
  const [selectedId, setSelectedId] = useState<string | null>(() => params.get('focus'));
  const [columns, setColumns] = useState<PipelineColumn[]>([...PIPELINE_COLUMNS]);
  const views = useSavedViews();
  const [activeViewId, setActiveViewId] = useState<string | null>(null);
  const picked = usePicked(view);
  const viewState: SavedViewState = {
    tab: view.tab,
    q: view.q,
    sector: view.sector,
    stage: view.stage,
    region: view.region,
    confidence: view.confidence as SavedViewState['confidence'],
    source: view.source as SavedViewState['source'],
    owner: view.owner,
    sort: view.sort,
    columns,
    layout,
  };
  const applyView = useCallback(
    (saved: SavedView) => {
      const { columns: shown, layout: chosen, ...filters } = saved.state;
      updateParams(() => writeView(filters, fixedStatus));
      setColumns(shown);
      setLayout(chosen);
      setActiveViewId(saved.id);
    },
    [fixedStatus, updateParams, setLayout],
  );
  // The member's default view opens the plain pipeline (an address with a view of its own keeps it).
  const openedWithDefault = useRef(false);
  useEffect(() => {
    if (openedWithDefault.current || !views.data || fixedStatus) return;
    const chosen = views.data.views.find((v) => v.id === views.data.defaultViewId);
    if (!chosen || params.toString() !== '') {
      openedWithDefault.current = true;
      return;
    }
    // Applied once the answer is in, as a navigation would be (not in the render that read it).
    const timer = setTimeout(() => {
      openedWithDefault.current = true;
      applyView(chosen);
    });
    return () => clearTimeout(timer);
  }, [views.data, fixedStatus, params, applyView]);
  const [quickViewId, setQuickViewId] = useState<string | null>(null);

  const deals = useMemo(() => list.data?.pages.flatMap((p) => p.deals) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const found = selectedId ? deals.findIndex((d) => d.id === selectedId) : -1;
  const selected = found >= 0 ? found : 0;
  const current = deals[selected];
  const select = useCallback((i: number) => setSelectedId(deals[i]?.id ?? null), [deals]);

  const update = useCallback(
    (patch: Partial<PipelineView>) =>
      updateParams((current) => writeView({ ...readView(current, fixedStatus), ...patch }, fixedStatus), {
        replace: !('tab' in patch),
      }),
    [fixedStatus, updateParams],
  );
  const clear = useCallback(
    () =>
      updateParams((current) =>
        writeView(
          { ...readView(new URLSearchParams(), fixedStatus), tab: readView(current, fixedStatus).tab },
          fixedStatus,
        ),
      ),
    [fixedStatus, updateParams],
  );

  const giveTo = useCallback(
    (deal: Deal, member: FundMember | null) => {
      assign.mutate(
        { id: deal.id, ownerId: member?.id ?? null },
        {
          onSuccess: () =>
            toast.success(member ? `Deal assigned to ${member.name || member.email}` : 'Deal unassigned'),
          onError: (err) => toast.error(errorMessage(err, 'Could not assign the deal. Please try again.')),
        },
      );
    },
    [assign, toast],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (layout === 'board' || !shortcutAllowed(event) || deals.length === 0) return;
      const key = event.key;
      if (key === 'j' || key === 'ArrowDown') select(Math.min(deals.length - 1, selected + 1));
      else if (key === 'k' || key === 'ArrowUp') select(Math.max(0, selected - 1));
      else if (
        key === 'Enter' &&
        current &&
        !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)
      )
        setQuickViewId(current.id);
      else if (STATUS_KEYS[key] && current) move(current, STATUS_KEYS[key]);
      else if ((key === 'x' || key === 'X') && current) picked.pick(deals, selected, event.shiftKey);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [layout, deals, current, selected, select, move, picked]);

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list]);
  const sentinel = useLoadMore(Boolean(list.hasNextPage), loadMore);

  const total = first ? (view.tab === 'all' ? first.counts.all : first.counts[view.tab]) : 0;
  const quickViewDeal = quickViewId ? (deals.find((d) => d.id === quickViewId) ?? null) : null;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {headerActions}
            <ExportCsvButton view={view} />
          </>
        }
      />
      <div className="space-y-4">
        {first ? <TrialBanner plan={first.plan} /> : null}
        <PipelineFilters
          view={view}
          members={members}
          facets={facets}
          onChange={update}
          onClear={clear}
          board={layout === 'board'}
        />
        {fixedStatus || !views.data ? null : (
          <SavedViewsMenu
            views={views.data.views}
            defaultViewId={views.data.defaultViewId}
            activeId={activeViewId}
            current={viewState}
            onApply={applyView}
          />
        )}
        {layout === 'table' ? (
          <BulkBar
            count={picked.allMatching ? total : picked.ids.size}
            total={total}
            allMatching={picked.allMatching}
            selection={picked.selection}
            members={members}
            stages={stages.data?.stages ?? []}
            onSelectAllMatching={() => picked.setAllMatching(true)}
            onClear={picked.clear}
          />
        ) : null}
        {fixedStatus ? null : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            {layout === 'table' ? (
              <StatusTabs
                value={view.tab}
                counts={first?.counts}
                countsCap={first?.countsCap ?? null}
                onChange={(tab) => update({ tab })}
              />
            ) : (
              <p className="text-sm text-slate-600">Stages in our process</p>
            )}
            <div className="flex items-center gap-2">
              {layout === 'table' && !phone ? <ColumnsMenu value={columns} onChange={setColumns} /> : null}
              <LayoutSwitch value={layout} onChange={setLayout} />
            </div>
          </div>
        )}
        {layout === 'board' ? (
          board.data && stages.data ? (
            <>
              <p className="text-xs text-slate-500" aria-live="polite">
                {board.isFetching
                  ? 'Updating…'
                  : `${plural(board.data.columns.reduce((n, c) => n + c.count, 0), 'deal')} across ${plural(board.data.columns.length, 'stage')}`}
              </p>
              <DealsBoard board={board.data} stages={stages.data.stages} query={query} />
            </>
          ) : board.isError || stages.isError ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {(board.error ?? stages.error)?.message}{' '}
              <Button variant="link" onClick={() => void Promise.all([board.refetch(), stages.refetch()])}>
                Try again
              </Button>
            </div>
          ) : (
            <PageLoader label="Loading the board" />
          )
        ) : list.isPending ? (
          <PageLoader label="Loading deals" />
        ) : list.isError && !list.data ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {list.error.message}{' '}
            <Button variant="link" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : deals.length === 0 ? (
          fixedStatus && !hasFilters(view) ? (
            <EmptyDeals icon={empty.icon} title={empty.title}>
              {empty.text}
            </EmptyDeals>
          ) : (
            <EmptyDeals icon={empty.icon} title={NO_MATCH}>
              {hasFilters(view) ? <p>Try another search or clear the filters.</p> : empty.text}
            </EmptyDeals>
          )
        ) : (
          <>
            <p className="text-xs text-slate-500" aria-live="polite">
              {picked.ids.size || picked.allMatching ? null : 'Tick rows (or press x) to act on many at once. '}
              Showing {deals.length} of {countLabel(total, first?.countsCap ?? null)} {total === 1 ? 'deal' : 'deals'}
              {list.isFetching && !list.isFetchingNextPage ? ' · updating…' : ''}
            </p>
            <DealsTable
              deals={deals}
              selected={selected}
              cards={phone}
              members={members}
              onSelect={select}
              onQuickView={(d) => setQuickViewId(d.id)}
              onStatus={move}
              onAssign={giveTo}
              columns={columns}
              isPicked={(d) => picked.allMatching || picked.ids.has(d.id)}
              onPick={(i, range) => picked.pick(deals, i, range)}
              allPicked={picked.allMatching || (deals.length > 0 && deals.every((d) => picked.ids.has(d.id)))}
              onPickAll={() =>
                picked.allMatching || deals.every((d) => picked.ids.has(d.id))
                  ? picked.clear()
                  : picked.setIds(new Set(deals.map((d) => d.id)))
              }
            />
            <div ref={sentinel} className="flex justify-center py-2">
              {list.hasNextPage ? (
                <Button variant="secondary" onClick={loadMore} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage ? <Spinner className="scale-75" label="Loading more deals" /> : null}
                  Load more
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
      <QuickView deal={quickViewDeal} onClose={() => setQuickViewId(null)} onStatus={move} />
      {declineDialog}
    </>
  );
}
