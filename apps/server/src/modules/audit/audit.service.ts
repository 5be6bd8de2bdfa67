import { fundPlanAllows, AUDIT_ACTION_LABELS, AUDIT_MESSAGES, AUDIT_PAGE_SIZE, AUDIT_RETENTION_DAYS, type AuditAction, type AuditEvent, type AuditFilters } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { CsvValue } from '../../plugins/downloads.ts';
import type { AuditRepository, AuditRow } from './audit.repository.ts';

/** One security-relevant event, as the module where it happened knows it. */
export interface AuditRecord {
  action: AuditAction;
  /** The fund it belongs to; when absent, the actor's fund (none: nothing is recorded). */
  fundId?: string | null | undefined;
  /** Who did it: a user id, or (a failed sign-in) the email that was tried. */
  actorUserId?: string | null | undefined;
  actorEmail?: string | undefined;
  /** Who did it when no user did: the fund's identity provider (`SCIM`). */
  actorName?: string | undefined;
  target?: string | null | undefined;
  /** A user the event is about (a member whose role changed, who was removed): named in the target as 'Name (email)'. */
  targetUserId?: string | undefined;
  details?: Record<string, unknown> | undefined;
  ip?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const CSV_PAGE = 500;

function view(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorUserId, name: row.actorName, email: row.actorEmail },
    action: row.action as AuditAction,
    target: row.target,
    details: row.details ?? null,
    ip: row.ip,
  };
}

const encodeCursor = (row: AuditRow) => Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) throw new AppError('bad_request', AUDIT_MESSAGES.badCursor);
  return { at: date, id };
}

/** Dates are whole UTC days: `from` its start, `to` its end. */
function range(filters: AuditFilters) {
  return {
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    before: filters.to ? new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}

/** What a setting change says in words, for the CSV. */
function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('; ');
}

/**
 * A fund's audit log (ADR 0064): `record` is called where the events happen (always, on every
 * plan); the list and the CSV are the Enterprise plan's; entries older than 400 days are swept.
 */
export function createAuditService(repo: AuditRepository, log: { warn(obj: object, msg: string): void }) {
  async function enterpriseOnly(fundId: string | null): Promise<string> {
    const plan = fundId ? await repo.fundPlan(fundId) : undefined;
    if (!fundId || !plan || !fundPlanAllows('audit_log', { plan, trialScoresUsed: 0 })) throw new AppError('plan_limit', AUDIT_MESSAGES.enterpriseRequired);
    return fundId;
  }

  return {
    /**
     * Records one event. Never fails the action it describes: a write that fails is logged.
     * `api_key.used` is recorded at most once an hour per key.
     */
    async record(event: AuditRecord): Promise<void> {
      try {
        const person = event.actorUserId
          ? await repo.person({ userId: event.actorUserId })
          : event.actorEmail
            ? await repo.person({ email: event.actorEmail })
            : undefined;
        // A failed sign-in belongs to the fund it was tried at (a single sign-on's state names it), else to the
        // fund of the member who owns the email, when it is one: a stranger's email is recorded nowhere.
        const fundId = event.fundId ?? person?.fundId;
        if (!fundId) return;
        if (event.action === 'api_key.used' && event.target && (await repo.recentlyRecorded(fundId, event.action, event.target, new Date(Date.now() - HOUR_MS)))) return;
        const about = event.targetUserId ? await repo.person({ userId: event.targetUserId }) : undefined;
        const target = about ? `${about.name} (${about.email})` : (event.target ?? null);
        const details = event.targetUserId ? { ...event.details, user_id: event.targetUserId } : (event.details ?? null);
        await repo.insert({
          fundId,
          actorUserId: person?.userId ?? null,
          actorName: person?.name ?? event.actorName ?? null,
          actorEmail: person?.email ?? event.actorEmail ?? null,
          action: event.action,
          target,
          details,
          ip: event.ip ?? null,
        });
      } catch (err) {
        log.warn({ err, action: event.action }, 'audit: could not record an event');
      }
    },

    async list(fundId: string | null, filters: AuditFilters) {
      const id = await enterpriseOnly(fundId);
      const rows = await repo.page({
        fundId: id,
        group: filters.group,
        actor: filters.actor,
        ...range(filters),
        after: filters.cursor ? decodeCursor(filters.cursor) : undefined,
        limit: AUDIT_PAGE_SIZE + 1,
      });
      const items = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = items.at(-1);
      return { items: items.map(view), next_cursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last) : null };
    },

    /** The rows of the CSV export, read a page at a time as the stream is consumed. */
    async exportRows(fundId: string | null, filters: AuditFilters) {
      const id = await enterpriseOnly(fundId);
      const header = ['Time (UTC)', 'Actor', 'Actor email', 'Action', 'Action code', 'Target', 'Details', 'IP address'] as const;
      async function* rows(): AsyncGenerator<readonly CsvValue[]> {
        let after: { at: Date; id: string } | undefined;
        for (;;) {
          const page = await repo.page({ fundId: id, group: filters.group, actor: filters.actor, ...range(filters), after, limit: CSV_PAGE });
          for (const r of page) {
            yield [r.at.toISOString(), r.actorName ?? '', r.actorEmail ?? '', AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action, r.action, r.target ?? '', detailsText(r.details ?? null), r.ip ?? ''];
          }
          const last = page.at(-1);
          if (page.length < CSV_PAGE || !last) return;
          after = { at: last.at, id: last.id };
        }
      }
      return { header, rows: rows() };
    },

    /** Deletes entries past the retention (400 days); returns how many. */
    sweep: (now = new Date()) => repo.deleteOlderThan(new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS)),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
/** What other modules are given: the one function that records. */
export type AuditRecorder = Pick<AuditService, 'record'>;
