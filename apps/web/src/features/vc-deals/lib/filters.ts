import {
  DEAL_CONFIDENCES,
  DEAL_FACETS,
  DEAL_SORTS,
  DEAL_SOURCES,
  DEAL_STATUSES,
  type DealSort,
  type DealStatus,
} from '@fitscore/contracts';

/** The pipeline's view as the URL keeps it: tab, search, one value per filter, sort. */
export interface PipelineView {
  tab: DealStatus | 'all';
  q: string;
  sector: string;
  stage: string;
  region: string;
  confidence: string;
  source: string;
  owner: string;
  sort: DealSort;
}

/** The filters are the facets the server counts. */
export const FILTER_KEYS = DEAL_FACETS;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const DEFAULT_SORT: DealSort = '-date';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the view from the address bar; unknown values fall back to the defaults rather than failing the page. */
export function readView(params: URLSearchParams, fixedTab?: DealStatus): PipelineView {
  const text = (key: string) => (params.get(key) ?? '').slice(0, 200);
  return {
    tab: fixedTab ?? oneOf(DEAL_STATUSES, params.get('tab')) ?? 'all',
    q: text('q'),
    sector: text('sector'),
    stage: text('stage'),
    region: text('region'),
    confidence: oneOf(DEAL_CONFIDENCES, params.get('confidence')) ?? '',
    source: oneOf(DEAL_SOURCES, params.get('source')) ?? '',
    owner: UUID.test(params.get('owner') ?? '') ? params.get('owner')! : '',
    sort: oneOf(DEAL_SORTS, params.get('sort')) ?? DEFAULT_SORT,
  };
}

/** Writes the view back (defaults left out, so a plain pipeline has a plain address). */
export function writeView(view: PipelineView, fixedTab?: DealStatus): URLSearchParams {
  const params = new URLSearchParams();
  if (!fixedTab && view.tab !== 'all') params.set('tab', view.tab);
  if (view.q.trim()) params.set('q', view.q);
  for (const key of FILTER_KEYS) if (view[key]) params.set(key, view[key]);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  return params;
}

/** The list call's query for a view (the CSV export takes the same, without paging). */
export function listQuery(view: PipelineView) {
  return {
    ...(view.tab !== 'all' ? { status: view.tab } : {}),
    ...(view.q.trim() ? { q: view.q.trim() } : {}),
    ...Object.fromEntries(FILTER_KEYS.filter((k) => view[k]).map((k) => [k, [view[k]]])),
    sort: view.sort,
  } as {
    status?: DealStatus;
    q?: string;
    sector?: string[];
    stage?: string[];
    region?: string[];
    confidence?: ('High' | 'Medium' | 'Low')[];
    source?: (typeof DEAL_SOURCES)[number][];
    owner?: string[];
    sort: DealSort;
  };
}

export const hasFilters = (view: PipelineView) => Boolean(view.q.trim()) || FILTER_KEYS.some((k) => view[k]);
