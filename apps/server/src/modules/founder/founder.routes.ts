import { founderEndpoints, versionEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { readDeckFile } from '../decks/deck-file.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { FounderService } from './founder.service.ts';

export function founderRoutes(app: FastifyInstance, founder: FounderService, profiles: ProfilesService) {
  registerEndpoint(app, founderEndpoints.getProfile, ({ auth }) => profiles.view(auth.user.id));
  registerEndpoint(app, founderEndpoints.saveProfile, ({ auth, body }) => founder.saveProfile(auth.user.id, body));
  registerEndpoint(app, founderEndpoints.progress, ({ auth }) => founder.progress(auth.user.id));
  registerEndpoint(app, founderEndpoints.newUpload, ({ auth }) => founder.newUpload(auth.user.id));
  registerEndpoint(app, founderEndpoints.uploadDeck, async ({ auth, request }) =>
    founder.uploadDeck(auth.user.id, await readDeckFile(request)),
  );
  registerEndpoint(app, founderEndpoints.startScoring, async ({ auth }) => ({ run: await founder.startScoring(auth.user.id) }));
  registerEndpoint(app, versionEndpoints.deckVersions, ({ auth }) => founder.versions(auth.user.id));
  registerEndpoint(app, versionEndpoints.compareVersions, ({ auth, params, query }) =>
    founder.compare(auth.user.id, params.id, query.with),
  );
  registerEndpoint(app, versionEndpoints.investorBrief, async ({ auth }) => ({ brief: await founder.brief(auth.user.id) }));
  registerEndpoint(app, versionEndpoints.rescoreVersion, async ({ auth, params }) => ({
    run: await founder.rescore(auth.user.id, params.id),
  }));
}
