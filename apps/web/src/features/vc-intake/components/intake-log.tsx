import {
  INTAKE_CHANNEL_LABELS,
  INTAKE_CHANNELS,
  INTAKE_OUTCOMES,
  type IntakeChannel,
  type IntakeLogItem,
  type IntakeOutcome,
} from '@fitscore/contracts';
import { Inbox } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Select } from '@/components/ui/field';
import { useIntakeLog, type IntakeLogFilters } from '../api/intake';

const OUTCOME: Record<IntakeOutcome, { label: string; tone: BadgeTone }> = {
  received: { label: 'Processing', tone: 'brand' },
  created: { label: 'New deal', tone: 'green' },
  merged: { label: 'Merged', tone: 'yellow' },
  refused: { label: 'Refused', tone: 'red' },
  ignored: { label: 'Ignored', tone: 'neutral' },
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Filter<T extends string>({ label, value, options, labelOf, onChange }: { label: string; value: T | undefined; options: readonly T[]; labelOf: (v: T) => string; onChange: (v: T | undefined) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600">
        {label}
      </label>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as T | undefined)} className="h-9 w-auto">
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function DealLink({ item, dealPath }: { item: IntakeLogItem; dealPath: (id: string) => string }) {
  if (!item.dealId) return null;
  return (
    <Link to={dealPath(item.dealId)} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
      View deal
    </Link>
  );
}

function Row({ item, dealPath }: { item: IntakeLogItem; dealPath: (id: string) => string }) {
  const outcome = OUTCOME[item.outcome];
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[9rem_6rem_1fr_auto] sm:items-center sm:gap-4">
      <time dateTime={item.receivedAt} className="text-xs text-slate-500 sm:text-sm">
        {dateTime.format(new Date(item.receivedAt))}
      </time>
      <span className="text-sm font-medium text-slate-700">{INTAKE_CHANNEL_LABELS[item.channel]}</span>
      <div className="min-w-0">
        <p className="truncate text-sm text-slate-900">
          {item.companyName ?? 'Unnamed'}
          {item.sender ? <span className="text-slate-500"> · {item.sender}</span> : null}
        </p>
        {item.reason ? (
          <p className="text-xs text-slate-600">
            {item.reason}
            {item.repeats > 1 ? ` (${item.repeats} times, latest shown)` : ''}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <Badge tone={outcome.tone}>{outcome.label}</Badge>
        <DealLink item={item} dealPath={dealPath} />
      </div>
    </li>
  );
}

/** The last 100 items received on any channel and what became of each: nothing arrives silently. */
export function IntakeLog({ dealPath }: { dealPath: (id: string) => string }) {
  const [filters, setFilters] = useState<IntakeLogFilters>({});
  const log = useIntakeLog(filters);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <Filter<IntakeChannel>
          label="Channel"
          value={filters.channel}
          options={INTAKE_CHANNELS}
          labelOf={(c) => INTAKE_CHANNEL_LABELS[c]}
          onChange={(channel) => setFilters(({ channel: _, ...rest }) => (channel ? { ...rest, channel } : rest))}
        />
        <Filter<IntakeOutcome>
          label="Outcome"
          value={filters.outcome}
          options={INTAKE_OUTCOMES}
          labelOf={(o) => OUTCOME[o].label}
          onChange={(outcome) => setFilters(({ outcome: _, ...rest }) => (outcome ? { ...rest, outcome } : rest))}
        />
      </div>
      <QueryState query={log} label="Loading the intake log">
        {({ items }) =>
          items.length === 0 ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
              <Inbox className="h-6 w-6 text-slate-400" aria-hidden="true" />
              <p className="mt-2 text-sm text-slate-600">
                {filters.channel || filters.outcome ? 'Nothing received matches these filters.' : 'Nothing received yet. Share your apply link or forward a pitch email to see it here.'}
              </p>
            </div>
          ) : (
            <ul aria-label="Intake log" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {items.map((item) => (
                <Row key={item.id} item={item} dealPath={dealPath} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
