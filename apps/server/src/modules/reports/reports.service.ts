import { reportFilename } from '@fitscore/contracts';
import { RUBRIC } from '@fitscore/deck-analysis';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { renderReportPdf } from './report-pdf.ts';

export const NO_SCORE_FOR_REPORT = 'There is no FitScore to report yet. Score your deck first, then download the PDF.';

export interface ReportsServiceDeps {
  scoring: Pick<ScoringService, 'latest'>;
  profiles: Pick<ProfilesService, 'current'>;
  now?: () => Date;
}

/** The PDF report of a founder's own latest FitScore. */
export function createReportsService({ scoring, profiles, now = () => new Date() }: ReportsServiceDeps) {
  return {
    async build(userId: string): Promise<{ bytes: Buffer; filename: string }> {
      const score = await scoring.latest(founderOwner(userId));
      if (!score) throw new AppError('not_found', NO_SCORE_FOR_REPORT);
      const profile = await profiles.current(userId);
      const bytes = await renderReportPdf({
        company: profile
          ? {
              startup_name: profile.startup_name,
              one_liner: profile.one_liner,
              industry: profile.industry,
              stage: profile.stage,
              hq_geo: profile.hq_geo,
            }
          : null,
        score,
        generatedAt: now(),
        method: { overall: RUBRIC.overall, confidence: RUBRIC.confidence },
      });
      return { bytes, filename: reportFilename(profile?.startup_name) };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
