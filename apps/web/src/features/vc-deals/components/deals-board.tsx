import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { DEAL_STATUS_LABELS, stageOfDeal, type Deal, type DealBoard, type FundStage } from '@fitscore/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { GripVertical } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { fetchColumnPage, useMoveToStage, type BoardQuery } from '../api/board';
import { DeclineDialog } from './decline-dialog';
import { FitScoreBar } from './fitscore-bar';

const CARD_HEIGHT = 108;
const TRIAGE_TONES: Record<Deal['status'], BadgeTone> = { new: 'neutral', hot: 'red', track: 'amber', cold: 'brand' };
const triageLabel = (status: Deal['status']) => (status === 'new' ? 'New' : DEAL_STATUS_LABELS[status]);

export const BOARD_INSTRUCTIONS =
  'To move a deal to another stage, press space or enter on its card, choose the stage with the left and right arrow keys, then press space or enter to drop it. Escape cancels.';

/** The pointer's column; else the column the card overlaps most. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/** A keyboard move in progress: the card picked up, the stage it would drop in. */
interface KeyboardMove {
  deal: Deal;
  from: FundStage;
  to: FundStage;
}

function DealCard({
  deal,
  stage,
  overlay = false,
  lifted = false,
  onPickUp,
}: {
  deal: Deal;
  stage: FundStage;
  overlay?: boolean;
  lifted?: boolean;
  onPickUp?: (deal: Deal, stage: FundStage) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: deal.id,
    data: { deal, stageId: stage.id },
    disabled: overlay,
  });
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.target !== e.currentTarget || (e.key !== ' ' && e.key !== 'Enter') || lifted) return;
    e.preventDefault();
    onPickUp?.(deal, stage);
  };
  return (
    <div
      ref={overlay ? undefined : setNodeRef}
      {...(overlay ? {} : attributes)}
      role="button"
      tabIndex={overlay ? -1 : 0}
      {...(overlay ? {} : listeners)}
      onKeyDown={overlay ? undefined : onKeyDown}
      aria-roledescription="draggable deal"
      aria-pressed={lifted}
      aria-label={`${deal.startupName}, ${stage.name}`}
      data-deal-card={deal.id}
      style={overlay ? undefined : { transform: CSS.Translate.toString(transform) }}
      className={cn(
        'flex h-[100px] cursor-grab touch-none flex-col justify-between rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm outline-none',
        'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
        isDragging && !overlay ? 'opacity-40' : '',
        lifted ? 'ring-2 ring-brand-500 ring-offset-1' : '',
        overlay ? 'cursor-grabbing shadow-lg ring-2 ring-brand-400' : '',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <Link
          to={paths.vc.deal(deal.id)}
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          className="min-w-0 truncate text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline"
        >
          {deal.startupName}
        </Link>
        <GripVertical className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
      </div>
      <FitScoreBar deal={deal} className="w-full" />
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <span className="min-w-0 truncate">{deal.owner ? deal.owner.name : 'Unassigned'}</span>
        <Badge tone={TRIAGE_TONES[deal.status]}>{triageLabel(deal.status)}</Badge>
      </div>
    </div>
  );
}

/** One stage: its count and its cards, virtualised (a column may hold thousands), more read as it scrolls. */
function BoardColumn({
  column,
  query,
  generation,
  keyboard,
  onPickUp,
}: {
  column: DealBoard['columns'][number];
  query: BoardQuery;
  generation: number;
  keyboard: KeyboardMove | null;
  onPickUp: (deal: Deal, stage: FundStage) => void;
}) {
  const { stage } = column;
  const client = useQueryClient();
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } });
  const scroller = useRef<HTMLDivElement | null>(null);
  // Pages after the board's first: kept while the board's first page and cursor stay the same.
  const [more, setMore] = useState<{ base: string | null; generation: number; deals: Deal[]; cursor: string | null }>({
    base: null,
    generation,
    deals: [],
    cursor: null,
  });
  const current = more.base === column.nextCursor && more.generation === generation && more.deals.length > 0;
  const items = useMemo(() => {
    if (!current) return column.deals;
    const seen = new Set(column.deals.map((d) => d.id));
    return [...column.deals, ...more.deals.filter((d) => !seen.has(d.id))];
  }, [current, column.deals, more.deals]);
  const cursor = current ? more.cursor : column.nextCursor;
  const [loading, setLoading] = useState(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser is read afresh on each render, as TanStack Virtual expects
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
    getItemKey: (i) => items[i]!.id,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const last = virtualItems[virtualItems.length - 1]?.index ?? -1;

  useEffect(() => {
    if (!cursor || loading || last < items.length - 8) return;
    setLoading(true);
    fetchColumnPage(client, stage.id, query, cursor)
      .then((page) =>
        setMore({
          base: column.nextCursor,
          generation,
          deals: [...(current ? more.deals : []), ...page.deals],
          cursor: page.nextCursor,
        }),
      )
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [
    client,
    column.nextCursor,
    current,
    cursor,
    generation,
    items.length,
    last,
    loading,
    more.deals,
    query,
    stage.id,
  ]);

  const headingId = `stage-${stage.id}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage-id={stage.id}
      data-stage-column={stage.name}
      className={cn(
        'flex w-[82vw] max-w-[300px] shrink-0 snap-start flex-col rounded-2xl bg-slate-100/80 ring-1 ring-slate-200 sm:w-[272px]',
        isOver || (keyboard && keyboard.to.id === stage.id) ? 'bg-brand-50 ring-2 ring-brand-400' : '',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h3 id={headingId} className="truncate text-sm font-semibold text-slate-800">
          {stage.name}
        </h3>
        <span
          className="rounded-full bg-white px-2 text-xs font-semibold text-slate-600 ring-1 ring-slate-200"
          aria-label={plural(column.count, 'deal')}
        >
          {column.count}
        </span>
      </header>
      <div
        ref={scroller}
        className="h-[62vh] min-h-[320px] overflow-y-auto px-2 pb-2"
        role="list"
        aria-label={`${stage.name} deals`}
      >
        {items.length === 0 ? (
          <p className="px-2 py-6 text-center text-xs text-slate-500">No deals in this stage</p>
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualItems.map((row) => (
              <div
                key={row.key}
                role="listitem"
                className="absolute inset-x-0 top-0"
                style={{ transform: `translateY(${row.start}px)`, height: CARD_HEIGHT }}
              >
                <DealCard
                  deal={items[row.index]!}
                  stage={stage}
                  lifted={keyboard?.deal.id === items[row.index]!.id}
                  onPickUp={onPickUp}
                />
              </div>
            ))}
          </div>
        )}
        {loading ? <Spinner className="mx-auto my-2 scale-75" label="Loading more deals" /> : null}
      </div>
    </section>
  );
}

/**
 * The pipeline as a board (issue 31 point 1): a column per stage of the fund, cards dragged with
 * the mouse, a finger or the keyboard; a move shows at once and goes back with a toast if the
 * server refuses; a stage mapped to Cold (Passed) first asks for the decline reasons.
 */
export function DealsBoard({ board, stages, query }: { board: DealBoard; stages: FundStage[]; query: BoardQuery }) {
  const toast = useToast();
  const { mutate } = useMoveToStage();
  const [active, setActive] = useState<{ deal: Deal; stage: FundStage } | null>(null);
  const [asking, setAsking] = useState<{ deal: Deal; from: FundStage; to: FundStage } | null>(null);
  const [generation, setGeneration] = useState(0);
  const stageById = useMemo(() => new Map(stages.map((s) => [s.id, s])), [stages]);
  // The mouse and a finger drag (dnd-kit); the keyboard moves a card a whole stage per arrow (below).
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [keyboard, setKeyboard] = useState<KeyboardMove | null>(null);
  const [said, setSaid] = useState('');
  const focusAfter = useRef<string | null>(null);

  const nameOf = useCallback(
    (id: string | number) =>
      board.columns.flatMap((c) => c.deals).find((d) => d.id === id)?.startupName ??
      active?.deal.startupName ??
      'The deal',
    [board, active],
  );
  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      `Picked up ${nameOf(a.id)}, in ${active?.stage.name ?? 'its stage'}. ${BOARD_INSTRUCTIONS}`,
    onDragOver: ({ active: a, over }) =>
      over
        ? `${nameOf(a.id)} is over ${stageById.get(String(over.id))?.name ?? 'a stage'}.`
        : `${nameOf(a.id)} is not over a stage.`,
    onDragEnd: ({ active: a, over }) =>
      over
        ? `${nameOf(a.id)} was dropped in ${stageById.get(String(over.id))?.name ?? 'a stage'}.`
        : `${nameOf(a.id)} was dropped outside the stages and stays where it was.`,
    onDragCancel: ({ active: a }) => `Moving ${nameOf(a.id)} was cancelled; it stays where it was.`,
  };

  const send = useCallback(
    (deal: Deal, from: FundStage, to: FundStage, reasons?: string[], note?: string) => {
      mutate(
        { deal, from, to, ...(reasons ? { reasons, note: note ?? '' } : {}) },
        {
          onSuccess: () => toast.success(`Deal moved to ${to.name}`),
          onError: (err) => toast.error(errorMessage(err, 'Could not move the deal. Please try again.')),
          onSettled: () => setGeneration((g) => g + 1),
        },
      );
    },
    [mutate, toast],
  );

  const drop = useCallback(
    (deal: Deal, from: FundStage, to: FundStage) => {
      if (from.id === to.id) return;
      if (to.triage === 'cold') setAsking({ deal, from, to });
      else send(deal, from, to);
    },
    [send],
  );

  // Space or Enter picks a card up; the arrows choose the stage; Space or Enter drops it; Escape cancels.
  useEffect(() => {
    if (!keyboard) return;
    const onKey = (e: KeyboardEvent) => {
      const at = stages.findIndex((s) => s.id === keyboard.to.id);
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        const next = stages[at + (e.key === 'ArrowRight' ? 1 : -1)];
        e.preventDefault();
        if (!next) return;
        setKeyboard({ ...keyboard, to: next });
        setSaid(`${keyboard.deal.startupName} is over ${next.name}.`);
        document.querySelector(`[data-stage-id="${next.id}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      } else if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        setKeyboard(null);
        setSaid(
          keyboard.to.id === keyboard.from.id
            ? `${keyboard.deal.startupName} stays in ${keyboard.from.name}.`
            : `${keyboard.deal.startupName} was dropped in ${keyboard.to.name}.`,
        );
        focusAfter.current = keyboard.deal.id;
        drop(keyboard.deal, keyboard.from, keyboard.to);
      } else if (e.key === 'Escape' || e.key === 'Tab') {
        if (e.key === 'Escape') e.preventDefault();
        setKeyboard(null);
        setSaid(`Moving ${keyboard.deal.startupName} was cancelled; it stays in ${keyboard.from.name}.`);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [keyboard, stages, drop]);

  // The moved card keeps the focus in its new column.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    const el = document.querySelector<HTMLElement>(`[data-deal-card="${id}"]`);
    if (el && el !== document.activeElement) {
      el.focus({ preventScroll: false });
      focusAfter.current = null;
    }
  });

  const pickUp = useCallback((deal: Deal, stage: FundStage) => {
    setKeyboard({ deal, from: stage, to: stage });
    setSaid(`Picked up ${deal.startupName}, in ${stage.name}. ${BOARD_INSTRUCTIONS}`);
  }, []);

  const onDragStart = ({ active: a }: DragStartEvent) => {
    const data = a.data.current as { deal: Deal; stageId: string } | undefined;
    const stage = data ? stageById.get(data.stageId) : undefined;
    if (data && stage) setActive({ deal: data.deal, stage });
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    const data = a.data.current as { deal: Deal; stageId: string } | undefined;
    const from = data ? (stageById.get(data.stageId) ?? stageOfDeal(stages, data.deal)) : undefined;
    const to = over ? stageById.get(String(over.id)) : undefined;
    if (!data || !from || !to) return;
    drop(data.deal, from, to);
  };

  return (
    <>
      <p role="status" aria-live="assertive" className="sr-only">
        {said}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: BOARD_INSTRUCTIONS } }}
      >
        <div
          // No snapping while a card is dragged: the drag's auto-scroll moves a few pixels at a time,
          // which mandatory snapping turns into a jump of a whole column per step.
          className={cn(
            '-mx-4 flex scroll-px-4 gap-3 overflow-x-auto px-4 py-1 pb-3 sm:mx-0 sm:scroll-px-1 sm:px-1',
            active ? 'snap-none' : 'snap-x snap-mandatory',
          )}
          role="region"
          aria-label="Board: deals by stage in our process"
        >
          {board.columns.map((column) => (
            <BoardColumn
              key={column.stage.id}
              column={column}
              query={query}
              generation={generation}
              keyboard={keyboard}
              onPickUp={pickUp}
            />
          ))}
        </div>
        <DragOverlay>{active ? <DealCard deal={active.deal} stage={active.stage} overlay /> : null}</DragOverlay>
      </DndContext>
      <DeclineDialog
        deal={asking?.deal ?? null}
        target={asking?.to.name}
        onCancel={() => setAsking(null)}
        onConfirm={(reasons, note) => {
          if (!asking) return;
          const { deal, from, to } = asking;
          setAsking(null);
          send(deal, from, to, reasons, note);
        }}
      />
    </>
  );
}
