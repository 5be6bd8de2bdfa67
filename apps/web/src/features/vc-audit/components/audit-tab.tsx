import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, AUDIT_GROUP_LABELS, AUDIT_MESSAGES, AUDIT_RETENTION_DAYS, type AuditActionGroup, type AuditEvent } from '@fitscore/contracts';
import { useState } from 'react';
import { QueryState } from '@/components/layout/query-state';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { UpgradePrompt } from '@/components/ui/upgrade-prompt';
import { paths } from '@/config/paths';
import { ExportButton } from '@/components/ui/export-button';
import { exportAuditCsv, useAuditLog, type AuditFilterValues } from '../api/audit';

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function actionInWords(e: AuditEvent): string {
  const words = AUDIT_ACTION_LABELS[e.action];
  const setting = e.details?.setting;
  return e.action === 'settings.changed' && typeof setting === 'string' ? `${words}: ${setting}` : words;
}

const who = (e: AuditEvent) => e.actor.name ?? e.actor.email ?? 'Unknown';
/** The target, unless the action in words already says it (a settings change names the settings). */
const targetOf = (e: AuditEvent) => (e.action === 'settings.changed' ? null : e.target);

function Filters({ value, onChange }: { value: AuditFilterValues; onChange: (v: AuditFilterValues) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filter the audit log">
      <Field label="Action">
        {(ids) => (
          <Select {...ids} value={value.group} onChange={(e) => onChange({ ...value, group: e.target.value as AuditActionGroup | '' })}>
            <option value="">All actions</option>
            {AUDIT_ACTION_GROUPS.map((g) => (
              <option key={g} value={g}>
                {AUDIT_GROUP_LABELS[g]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="From">{(ids) => <Input {...ids} type="date" value={value.from} max={value.to || undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} />}</Field>
      <Field label="To">{(ids) => <Input {...ids} type="date" value={value.to} min={value.from || undefined} onChange={(e) => onChange({ ...value, to: e.target.value })} />}</Field>
    </div>
  );
}

/** The entries: a table on wide screens, one card per entry on phones. */
function Entries({ items }: { items: AuditEvent[] }) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-600">No entries match these filters.</p>;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">When</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Who</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Action</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Target</th>
            <th scope="col" className="py-2 font-semibold">Address</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((e) => (
            <tr key={e.id} className="align-top">
              <td className="py-2 pr-3 whitespace-nowrap text-slate-600">
                <time dateTime={e.at}>{time.format(new Date(e.at))}</time>
              </td>
              <td className="py-2 pr-3">
                <span className="font-medium text-slate-900">{who(e)}</span>
                {e.actor.email && e.actor.name ? <span className="block text-xs text-slate-500">{e.actor.email}</span> : null}
              </td>
              <td className="py-2 pr-3 text-slate-900">{actionInWords(e)}</td>
              <td className="max-w-56 py-2 pr-3 break-words text-slate-600">{targetOf(e) ?? '—'}</td>
              <td className="py-2 font-mono text-xs text-slate-600">{e.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden" aria-label="Audit log entries, newest first">
        {items.map((e) => (
          <li key={e.id} className="rounded-lg p-3 ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">{actionInWords(e)}</p>
            <p className="text-sm text-slate-700">{who(e)}</p>
            {targetOf(e) ? <p className="text-sm break-words text-slate-600">{targetOf(e)}</p> : null}
            <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
              <time dateTime={e.at}>{time.format(new Date(e.at))}</time>
              {e.ip ? <span className="font-mono">{e.ip}</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Settings → Audit log: sign-ins, member and key changes, exports and settings changes of the fund,
 * with who, when and from which address. Admins on the Enterprise plan read and export it.
 */
export function AuditTab({ readOnly, admins, enterprise }: { readOnly: boolean; admins: string[]; enterprise: boolean | undefined }) {
  const [filters, setFilters] = useState<AuditFilterValues>({ group: '', from: '', to: '' });
  const log = useAuditLog(filters, !readOnly && enterprise === true);
  return (
    <Card>
      <CardHeader className="block">
        <CardTitle>Audit log</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Every sign-in, member, API key, export, webhook and settings change of your fund, with who, when and from which address. Kept {AUDIT_RETENTION_DAYS} days.
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        {readOnly ? (
          <AdminOnlyNote admins={admins} what="see the audit log" />
        ) : enterprise === false ? (
          <UpgradePrompt title="The audit log is an Enterprise feature" text={AUDIT_MESSAGES.enterpriseRequired} action="Contact Sales" to={paths.contact} label="Enterprise plan for the audit log" />
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex-1">
                <Filters value={filters} onChange={setFilters} />
              </div>
              <ExportButton download={() => exportAuditCsv(filters)} done="Audit log exported" failed="Could not export the audit log. Please try again." />
            </div>
            <QueryState query={log} label="audit log">
              {(data) => (
                <>
                  <Entries items={data.pages.flatMap((p) => p.items)} />
                  {log.hasNextPage ? (
                    <div className="text-center">
                      <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                        {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
                      </Button>
                    </div>
                  ) : null}
                </>
              )}
            </QueryState>
          </>
        )}
      </CardBody>
    </Card>
  );
}
