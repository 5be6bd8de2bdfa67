import { dealInsightEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DealInsightsService } from './deal-insights.service.ts';

/** The dashboard's weekly chart and the deal page's deck pages (fund-scoped: another fund's deal is a 404). */
export function dealInsightsRoutes(app: FastifyInstance, insights: DealInsightsService) {
  registerEndpoint(app, dealInsightEndpoints.retryScoring, ({ fund, auth, params }) => insights.retryScoring(fund.id, auth.user.id, params.id));
  registerEndpoint(app, dealInsightEndpoints.decisionTime, ({ fund }) => insights.decisionTime(fund.id));
  registerEndpoint(app, dealInsightEndpoints.weekly, ({ fund, query }) => insights.weekly(fund.id, query.weeks));
  registerEndpoint(
    app,
    dealInsightEndpoints.deckPage,
    async ({ fund, params, request, reply }) => {
      const { png, etag } = await insights.deckPage(fund.id, params.id, params.n, request.headers['if-none-match']);
      // Private: the page belongs to one fund. Stable per deck and page, so a browser keeps it a day.
      reply.header('etag', etag).header('cache-control', 'private, max-age=86400');
      if (!png) return reply.code(304).send() as never;
      return png as never;
    },
    // Drawing takes CPU: a viewer paging through a deck stays far below this.
    { rateLimit: { max: 240, timeWindow: 60_000 } },
  );
}
