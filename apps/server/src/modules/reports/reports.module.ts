import type { FastifyInstance } from 'fastify';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

/** The founder's score report as a PDF download. */
export function register(app: FastifyInstance, deps: { scoring: ScoringService; profiles: ProfilesService }) {
  reportsRoutes(app, createReportsService(deps));
}
