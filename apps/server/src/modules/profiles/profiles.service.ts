import { deriveMetrics, FounderProfileSchema, type DerivedMetricsWire, type FounderProfile } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

export interface ProfileView {
  profile: FounderProfile | null;
  derived: DerivedMetricsWire | null;
  updated_at: string | null;
}

/** The engine's derived metrics under the profile answer's snake_case names. */
function derivedWire(profile: FounderProfile): DerivedMetricsWire {
  const d = deriveMetrics(profile);
  return { arr: d.arr, mrr: d.mrr, committed_pct: d.committedPct, runway_months: d.runwayMonths, payback_months: d.paybackMonths };
}

export function createProfilesService(repo: ProfilesRepository) {
  /** The stored profile, re-validated: a profile saved under older rules that no longer passes is incomplete. */
  async function current(userId: string): Promise<FounderProfile | null> {
    const row = await repo.get(userId);
    if (!row) return null;
    const parsed = FounderProfileSchema.safeParse(row.data);
    return parsed.success ? parsed.data : null;
  }

  async function view(userId: string): Promise<ProfileView> {
    const row = await repo.get(userId);
    if (!row) return { profile: null, derived: null, updated_at: null };
    const parsed = FounderProfileSchema.safeParse(row.data);
    const profile = parsed.success ? parsed.data : null;
    return { profile, derived: profile ? derivedWire(profile) : null, updated_at: row.updatedAt.toISOString() };
  }

  return {
    view,
    current,

    async save(userId: string, profile: FounderProfile): Promise<ProfileView> {
      // Derived values are the server's to compute, whatever the client sent.
      const derived = deriveMetrics(profile);
      await repo.upsert(userId, { ...profile, committed_pct: derived.committedPct });
      return view(userId);
    },

    /** Applies a partial update (key metrics) to a complete profile, re-checking every rule. */
    async update(userId: string, changes: Partial<FounderProfile>): Promise<FounderProfile> {
      const existing = await current(userId);
      if (!existing) throw new AppError('conflict', 'Please complete your profile first');
      const parsed = FounderProfileSchema.safeParse({ ...existing, ...changes });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('validation_failed', issue?.message ?? 'The metrics are not valid.', parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
      }
      await repo.upsert(userId, { ...parsed.data, committed_pct: deriveMetrics(parsed.data).committedPct });
      return parsed.data;
    },

    async isComplete(userId: string): Promise<boolean> {
      return (await current(userId)) !== null;
    },

    /** Throws the spec's message when the founder has no complete profile yet. */
    async require(userId: string): Promise<FounderProfile> {
      const profile = await current(userId);
      if (!profile) throw new AppError('conflict', 'Please complete your profile first');
      return profile;
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
