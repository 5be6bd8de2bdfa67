import { teamEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { TeamService } from './team.service.ts';

/** Members read the team; admins invite, revoke and remove; an investor without a fund joins. */
export function teamRoutes(app: FastifyInstance, team: TeamService) {
  registerEndpoint(app, teamEndpoints.get, ({ fund }) => team.team(fund.id));
  registerEndpoint(app, teamEndpoints.invite, ({ fund, auth, body }) =>
    team.invite(fund.id, { id: auth.user.id, name: auth.user.name }, body),
  );
  registerEndpoint(app, teamEndpoints.revokeInvite, ({ fund, params }) => team.revokeInvite(fund.id, params.id));
  registerEndpoint(app, teamEndpoints.removeMember, ({ fund, params }) => team.removeMember(fund.id, params.id));
  registerEndpoint(app, teamEndpoints.updateMember, ({ fund, params, body }) => team.setRole(fund.id, params.id, body.role));
  registerEndpoint(app, teamEndpoints.invitePreview, ({ body }) => team.invitePreview(body.token));
  registerEndpoint(app, teamEndpoints.join, ({ auth, body }) => team.join(auth.user.id, body.token));
}
