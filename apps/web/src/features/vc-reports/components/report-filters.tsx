import type { FundReport } from '@fitscore/contracts';
import { Field, Input, Select } from '@/components/ui/field';
import { PERIODS, type PeriodValue, type ReportFilters } from '../lib/period';

/** Period, sector and owner: every chart below follows them. */
export function ReportFiltersBar({
  filters,
  onChange,
  report,
}: {
  filters: ReportFilters;
  /** Called with what changed; the screen applies it to the filters as they are by then. */
  onChange: (patch: Partial<ReportFilters>) => void;
  report: FundReport | undefined;
}) {
  const custom = filters.period === 'custom';
  return (
    <form
      role="search"
      aria-label="Report filters"
      className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
    >
      <Field label="Period" className="col-span-2 sm:col-span-1">
        {(ids) => (
          <Select
            {...ids}
            value={filters.period}
            onChange={(e) => {
              const period = e.target.value as PeriodValue;
              // Custom dates start from the period on screen.
              onChange(
                period === 'custom'
                  ? { period, from: report?.period.from ?? '', to: report?.period.to ?? '' }
                  : { period },
              );
            }}
          >
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {custom ? (
        <>
          <Field label="From">
            {(ids) => (
              <Input
                {...ids}
                type="date"
                value={filters.from}
                max={filters.to || undefined}
                onChange={(e) => onChange({ from: e.target.value })}
              />
            )}
          </Field>
          <Field label="To">
            {(ids) => (
              <Input
                {...ids}
                type="date"
                value={filters.to}
                min={filters.from || undefined}
                onChange={(e) => onChange({ to: e.target.value })}
              />
            )}
          </Field>
        </>
      ) : null}
      <Field label="Sector">
        {(ids) => (
          <Select {...ids} value={filters.sector} onChange={(e) => onChange({ sector: e.target.value })}>
            <option value="">All sectors</option>
            {report?.options.sectors.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Owner">
        {(ids) => (
          <Select {...ids} value={filters.owner} onChange={(e) => onChange({ owner: e.target.value })}>
            <option value="">Anyone</option>
            {report?.options.owners.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </form>
  );
}
