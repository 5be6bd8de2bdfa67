import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createLeadsRepository } from './leads.repository.ts';
import { leadsRoutes } from './leads.routes.ts';
import { createLeadsService } from './leads.service.ts';

/** Contact sales. */
export function register(app: FastifyInstance, { platform }: { platform: Platform }) {
  leadsRoutes(app, createLeadsService(createLeadsRepository(platform.db)));
}
