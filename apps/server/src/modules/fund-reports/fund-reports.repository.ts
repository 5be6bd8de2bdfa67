import type { DEAL_SOURCES } from '@fitscore/contracts';
import { deals, dealScores, dealStatusHistory, fundStages, isDecisionMove, rawRows, repository } from '@fitscore/db';
import { sql, type SQL } from 'drizzle-orm';

/** The deals a report covers: one fund's, received in [from, until), of a sector, of an owner. */
export interface ReportScope {
  fundId: string;
  from: Date;
  until: Date;
  sector?: string;
  owner?: string;
}

/** The scope's deals, read through deals_fund_created_idx (fund, received). */
function cohort(s: ReportScope): SQL {
  const where = [sql`d.fund_id = ${s.fundId}`, sql`d.created_at >= ${s.from.toISOString()}`, sql`d.created_at < ${s.until.toISOString()}`];
  if (s.sector !== undefined) where.push(sql`d.sector = ${s.sector}`);
  if (s.owner !== undefined) where.push(sql`d.owner_user_id = ${s.owner}`);
  return sql`select d.id, d.source, d.status, d.pipeline_stage_id, d.created_at, d.reviewed_at
    from ${deals} d where ${sql.join(where, sql` and `)}`;
}

type Num = number | string | null;
const num = (v: Num) => (v === null ? null : Number(v));

/** Set-based reads of a fund's deals for its Reports screen: a few grouped rows per chart, whatever the fund's size. */
export const createFundReportsRepository = repository((db) => ({
  /** Deals received per week (Monday, UTC, as YYYY-MM-DD) and channel. */
  weekly: async (scope: ReportScope) => {
    const rows = await rawRows<{ week: string; source: (typeof DEAL_SOURCES)[number]; n: Num }>(
      db,
      sql`with c as (${cohort(scope)})
        select to_char(date_trunc('week', c.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, c.source, count(*) as n
        from c group by 1, 2`,
    );
    return rows.map((r) => ({ week: r.week, source: r.source, n: Number(r.n) }));
  },

  /**
   * How far each deal went, grouped: per channel, furthest stage position reached, FitScore band
   * (null: unscored) and whether it is now Cold. A deal reached a stage when it is in it now or its
   * status history placed it there (a move names its stage; a status change that names none lands
   * in that status's first stage, ADR 0061); every deal arrived in the first New stage. Cold stages
   * (Passed) are exits, never a step reached.
   */
  reach: async (scope: ReportScope, band: number) => {
    const rows = await rawRows<{ source: (typeof DEAL_SOURCES)[number]; reached: Num; band: Num; cold: boolean; n: Num }>(
      db,
      sql`with st as (select id, position, triage from ${fundStages} where fund_id = ${scope.fundId}),
        firsts as (select triage, min(position) as pos from st group by triage),
        c as (${cohort(scope)}),
        -- Set-based: the history of the cohort's deals grouped once (a hash join), not probed per deal.
        -- A move names its stage (to_stage_id) since migration 0050; an older row, or a status change
        -- that named none, landed in its status's first stage.
        moved as (
          select h.deal_id, max(coalesce(hs.position, f.pos)) as pos
          from ${dealStatusHistory} h join c on c.id = h.deal_id join firsts f on f.triage = h.to_status
          left join st hs on hs.id = h.to_stage_id
          where h.to_status <> 'cold'
          group by h.deal_id
        )
        select c.source,
          greatest(
            (select pos from firsts where triage = 'new'),
            case when s.triage <> 'cold' then s.position end,
            case when c.pipeline_stage_id is null and c.status <> 'cold' then f.pos end,
            moved.pos
          ) as reached,
          -- least() skips nulls: an unscored deal has no band, not the top one.
          case when ds.fit_score is not null then least(ds.fit_score / ${sql.raw(String(band))}, ${sql.raw(String(Math.floor(100 / band) - 1))}) end as band,
          c.status = 'cold' as cold,
          count(*) as n
        from c
        left join st s on s.id = c.pipeline_stage_id
        left join firsts f on f.triage = c.status
        left join moved on moved.deal_id = c.id
        left join ${dealScores} ds on ds.deal_id = c.id
        group by 1, 2, 3, 4`,
    );
    return rows.map((r) => ({ source: r.source, reached: num(r.reached) ?? 0, band: num(r.band), cold: Boolean(r.cold), n: Number(r.n) }));
  },

  /**
   * Median days from receipt to the first Mark as Reviewed and to the decision (the first move out
   * of New, isDecisionMove), per month received (UTC) and over the whole scope (month null).
   */
  timing: async (scope: ReportScope) => {
    const days = (later: SQL) => sql`extract(epoch from (${later} - c.created_at)) / 86400`;
    const month = sql`to_char(date_trunc('month', c.created_at at time zone 'UTC'), 'YYYY-MM')`;
    const rows = await rawRows<{ month: string | null; review: Num; reviews: Num; decision: Num; decisions: Num }>(
      db,
      sql`with c as (${cohort(scope)})
        select ${month} as month,
          percentile_cont(0.5) within group (order by ${days(sql`c.reviewed_at`)}) as review,
          count(c.reviewed_at) as reviews,
          percentile_cont(0.5) within group (order by ${days(sql`dd.decided_at`)}) as decision,
          count(dd.decided_at) as decisions
        from c
        left join (
          select h.deal_id, min(h.created_at) as decided_at
          from ${dealStatusHistory} h join c on c.id = h.deal_id
          where ${isDecisionMove({ fromStatus: sql`h.from_status`, toStatus: sql`h.to_status` })}
          group by h.deal_id
        ) dd on dd.deal_id = c.id
        group by grouping sets ((${month}), ())`,
    );
    return rows.map((r) => ({
      month: r.month,
      review: num(r.review),
      reviews: Number(r.reviews),
      decision: num(r.decision),
      decisions: Number(r.decisions),
    }));
  },
}));
export type FundReportsRepository = ReturnType<typeof createFundReportsRepository>;
