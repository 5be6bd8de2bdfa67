import {
  DEAL_CONFIDENCES,
  DEAL_SORTS,
  DEAL_SOURCES,
  GEOGRAPHIES,
  GEOGRAPHY_LABELS,
  INDUSTRIES,
  STAGES,
  type DealFacet,
  type FundMember,
} from '@fitscore/contracts';
import { Filter, Keyboard, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { FILTER_KEYS, type FilterKey, type PipelineView } from '../lib/filters';
import { SORT_LABELS, SOURCE_LABELS } from '../lib/labels';

const SEARCH_DELAY_MS = 250;

function options(
  members: FundMember[],
): Record<FilterKey, { label: string; all: string; values: { value: string; label: string }[] }> {
  const plain = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
  return {
    sector: { label: 'Sector', all: 'All sectors', values: plain(INDUSTRIES) },
    stage: { label: 'Stage', all: 'All stages', values: plain(STAGES) },
    region: {
      label: 'Region',
      all: 'All regions',
      values: GEOGRAPHIES.map((g) => ({ value: g, label: GEOGRAPHY_LABELS[g] })),
    },
    confidence: { label: 'Confidence', all: 'Any confidence', values: plain(DEAL_CONFIDENCES) },
    source: {
      label: 'Source',
      all: 'All sources',
      values: DEAL_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })),
    },
    owner: { label: 'Owner', all: 'Anyone', values: members.map((m) => ({ value: m.id, label: m.name || m.email })) },
  };
}

/** Search, the Filters toggle with its selects, sort and Clear; the keyboard hint under them. */
export function PipelineFilters({
  view,
  members,
  facets,
  onChange,
  onClear,
  board = false,
}: {
  view: PipelineView;
  /** On the board: no sort (a column is newest first), its own keyboard hint, and 'Funding stage' beside the fund's stages. */
  board?: boolean;
  members: FundMember[];
  /** Deals per option in the current tab, when loaded. */
  facets: Record<DealFacet, Record<string, number>> | undefined;
  onChange: (patch: Partial<PipelineView>) => void;
  onClear: () => void;
}) {
  const activeFilters = FILTER_KEYS.filter((k) => view[k]).length;
  const [open, setOpen] = useState(activeFilters > 0);
  const [q, setQ] = useState(view.q);
  const [shownQ, setShownQ] = useState(view.q);
  const panelId = useId();
  // The box follows the address (back/forward, Clear); the address follows the box after a short pause.
  if (shownQ !== view.q) {
    setShownQ(view.q);
    setQ(view.q);
  }
  useEffect(() => {
    if (q === view.q) return;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, view.q, onChange]);
  const options_ = options(members);
  const all = board
    ? { ...options_, stage: { ...options_.stage, label: 'Funding stage', all: 'All funding stages' } }
    : options_;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search deals"
            placeholder="Search deals..."
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onChange({ q });
              if (e.key === 'Escape') (e.target as HTMLInputElement).blur();
            }}
            className="pl-9"
            maxLength={200}
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
            className="flex-1 sm:flex-none"
          >
            <Filter className="h-4 w-4" aria-hidden="true" />
            Filters{activeFilters ? ` (${activeFilters})` : ''}
          </Button>
          {board ? null : (
            <Select
              aria-label="Sort"
              value={view.sort}
              onChange={(e) => onChange({ sort: e.target.value as PipelineView['sort'] })}
              className="w-auto flex-1 sm:flex-none"
            >
              {DEAL_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </div>
      </div>
      <div id={panelId} hidden={!open} className="rounded-xl border border-slate-200 bg-slate-50 p-3">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {FILTER_KEYS.map((key) => (
            <label key={key} className="space-y-1 text-xs font-medium text-slate-600">
              <span>{all[key].label}</span>
              <Select value={view[key]} onChange={(e) => onChange({ [key]: e.target.value })} className="h-9 py-0">
                <option value="">{all[key].all}</option>
                {all[key].values.map((o) => (
                  <option key={o.value} value={o.value}>
                    {facets ? `${o.label} (${facets[key][o.value] ?? 0})` : o.label}
                  </option>
                ))}
              </Select>
            </label>
          ))}
        </div>
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
        </div>
      </div>
      {board ? (
        <p className="hidden items-center gap-2 text-xs text-slate-500 sm:flex">
          <Keyboard className="h-4 w-4" aria-hidden="true" />
          Keyboard: <kbd className="rounded border border-slate-300 bg-white px-1">Space</kbd> picks up a card ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">←</kbd>/
          <kbd className="rounded border border-slate-300 bg-white px-1">→</kbd> choose the stage ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">Space</kbd> drops it ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">Esc</kbd> cancels
        </p>
      ) : (
        <p className="hidden items-center gap-2 text-xs text-slate-500 sm:flex">
          <Keyboard className="h-4 w-4" aria-hidden="true" />
          Keyboard: <kbd className="rounded border border-slate-300 bg-white px-1">1</kbd> Hot ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">2</kbd> Track ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">3</kbd> Cold on the selected row ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">j</kbd>/
          <kbd className="rounded border border-slate-300 bg-white px-1">k</kbd> or ↑/↓ move ·{' '}
          <kbd className="rounded border border-slate-300 bg-white px-1">Enter</kbd> quick view
        </p>
      )}
    </div>
  );
}
