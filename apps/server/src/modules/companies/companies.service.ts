import {
  SIMILAR_COMPANIES_LIMIT,
  type BusinessModel,
  type Industry,
  type ReportRaiseSchema,
  type ReportedRaise,
  type SimilarCompaniesResponse,
  type SimilarCompany,
  type Stage,
} from '@fitscore/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { isUniqueViolation, type CompaniesRepository, type CompanyRow } from './companies.repository.ts';
import { rankSimilar } from './similarity.ts';

export const SIMILAR_COMPANIES_FEATURE = 'Similar companies';

export interface CompaniesServiceDeps {
  repo: CompaniesRepository;
  profiles: Pick<ProfilesService, 'current' | 'require'>;
  /** Throws plan_limit unless the founder is on Premium (billing). */
  assertPremium: (userId: string, featureName: string) => Promise<void>;
}

function toRaise(row: CompanyRow): ReportedRaise {
  return {
    id: row.id,
    name: row.name,
    last_round: row.lastRound,
    amount: row.amount,
    currency: row.currency,
    investors: row.investors,
    raised_at: row.raisedAt,
    link: row.link,
    created_at: row.createdAt.toISOString(),
  };
}

/** Similar funded companies for a founder, and the founder's own reported raise. */
export function createCompaniesService({ repo, profiles, assertPremium }: CompaniesServiceDeps) {
  return {
    async similar(userId: string): Promise<SimilarCompaniesResponse> {
      await assertPremium(userId, SIMILAR_COMPANIES_FEATURE);
      const profile = await profiles.current(userId);
      const [rows, counts] = await Promise.all([repo.listForRanking(userId), repo.countBySource()]);
      const own = await repo.findPlatform(userId);
      if (own) counts.platform -= 1;
      if (!profile) return { companies: [], dataset: counts, profile_missing: true };

      const ranked = rankSimilar(
        {
          sector: profile.industry,
          stage: profile.stage,
          businessModel: profile.business_model,
          text: [profile.one_liner, profile.icp, profile.icp_tags.join(' ')].join(' '),
        },
        rows,
        SIMILAR_COMPANIES_LIMIT,
      );
      const companies: SimilarCompany[] = ranked.map(({ company: r, similarity, why }) => ({
        id: r.id,
        name: r.name,
        last_round: r.lastRound,
        amount: r.amount,
        currency: r.currency,
        investors: r.investors,
        link: r.link,
        sector: r.sector as Industry,
        stage: r.stage as Stage,
        business_model: r.businessModel as BusinessModel | null,
        description: r.description,
        raised_at: r.raisedAt,
        source: r.source,
        similarity,
        why_similar: why,
      }));
      return { companies, dataset: counts, profile_missing: false };
    },

    async myRaise(userId: string): Promise<ReportedRaise | null> {
      const row = await repo.findPlatform(userId);
      return row ? toRaise(row) : null;
    },

    /** Stores the raise as a platform company built from the profile; the founder consented in the body. */
    async reportRaise(userId: string, input: z.output<typeof ReportRaiseSchema>): Promise<ReportedRaise> {
      const profile = await profiles.require(userId);
      const values = {
        name: profile.startup_name,
        sector: profile.industry,
        stage: profile.stage ?? stageOfRound(input.last_round),
        businessModel: profile.business_model,
        description: profile.one_liner,
        lastRound: input.last_round,
        amount: Math.round(input.amount),
        currency: input.currency,
        investors: input.investors,
        link: profile.website ? (profile.website.includes('://') ? profile.website : `https://${profile.website}`) : null,
        raisedAt: input.raised_at,
      };
      try {
        return toRaise(await repo.upsertPlatform(userId, values));
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('conflict', `Another company named “${profile.startup_name}” has already reported a raise on FitScore.`);
        }
        throw err;
      }
    },

    async removeRaise(userId: string): Promise<void> {
      if (!(await repo.removePlatform(userId))) throw new AppError('not_found', 'You have not reported a raise.');
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;

/** The stage a round usually closes (used only when the profile names no stage). */
function stageOfRound(round: string): Stage {
  if (round === 'Pre-seed') return 'Pre-seed';
  if (round === 'Seed') return 'Seed';
  if (round === 'Series A') return 'Series A';
  if (round === 'Series B') return 'Series B';
  return 'Series C+';
}
