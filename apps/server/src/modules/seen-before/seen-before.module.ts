import { seenBeforeEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { createSeenBeforeService, type SeenBeforeDeps } from './seen-before.service.ts';

/** 'Seen before' on the deal page of a company that came back (issue 31 point 6): reads only, over the owning modules. */
export function register(app: FastifyInstance, deps: SeenBeforeDeps) {
  const seenBefore = createSeenBeforeService(deps);
  registerEndpoint(app, seenBeforeEndpoints.get, ({ fund, auth, params }) => seenBefore.of(fund.id, auth.user.id, params.id));
  return seenBefore;
}
