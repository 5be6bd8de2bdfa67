import { deriveMetrics, METRIC_FIELDS, type FounderProfile, type MetricUpdate } from '@fitscore/contracts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { MetricsRepository } from './metrics.repository.ts';

export interface MetricsServiceDeps {
  repo: MetricsRepository;
  profiles: ProfilesService;
  /** The dated history (the financial dashboard) is a Premium feature. */
  hasFinancialDashboard: (userId: string) => Promise<boolean>;
}

const whole = (n: number | null) => (n === null ? null : Math.round(n));

/** The key metrics the charts plot, as one dated entry. */
function snapshotOf(profile: FounderProfile) {
  return {
    mrr: whole(deriveMetrics(profile).mrr),
    momGrowth: profile.mom_growth,
    cac: whole(profile.cac),
    burn: whole(profile.burn),
    cash: whole(profile.cash),
  };
}

function pickMetrics(profile: FounderProfile) {
  return Object.fromEntries(METRIC_FIELDS.map((f) => [f, profile[f]])) as Pick<FounderProfile, (typeof METRIC_FIELDS)[number]>;
}

export function createMetricsService({ repo, profiles, hasFinancialDashboard }: MetricsServiceDeps) {
  async function view(userId: string, profile: FounderProfile) {
    const premium = await hasFinancialDashboard(userId);
    const history = premium ? await repo.history(userId) : null;
    const derived = deriveMetrics(profile);
    return {
      current: { ...pickMetrics(profile), mrr: derived.mrr, arr: derived.arr, runway_display_months: derived.runwayMonths },
      history:
        history?.map((h) => ({
          recorded_at: h.recordedAt.toISOString(),
          mrr: h.mrr,
          mom_growth: h.momGrowth,
          cac: h.cac,
          burn: h.burn,
          cash: h.cash,
        })) ?? null,
      history_locked: !premium,
    };
  }

  return {
    async get(userId: string) {
      return view(userId, await profiles.require(userId));
    },

    /** Updates the profile's metric fields and keeps a dated entry of the key metrics. */
    async update(userId: string, changes: MetricUpdate) {
      const profile = await profiles.update(userId, changes as Partial<FounderProfile>);
      await repo.append({ userId, ...snapshotOf(profile) });
      return view(userId, profile);
    },

    /** After a profile save: a dated entry when the key metrics changed (the first one starts the history). */
    async recordFromProfile(userId: string, profile: FounderProfile) {
      const next = snapshotOf(profile);
      if (Object.values(next).every((v) => v === null)) return;
      const last = (await repo.history(userId)).at(-1);
      const unchanged = last && (Object.keys(next) as (keyof typeof next)[]).every((k) => last[k] === next[k]);
      if (!unchanged) await repo.append({ userId, ...next });
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
