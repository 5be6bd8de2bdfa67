# syntax=docker/dockerfile:1
# The FitScore server image (ADR 0046): one image for API and worker hosts (API_ENABLED picks the
# role), Debian with Node 22 and no browser; the web app is built in its own stage. compose.yaml runs
# it as the cluster `npm run cluster` starts on one machine (test-support/compose.test.ts keeps the
# two the same).
ARG NODE_IMAGE=node:22-bookworm-slim

# The web app, built with every dependency (Vite and the rest of the toolchain).
FROM ${NODE_IMAGE} AS web
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/deck-analysis/package.json packages/deck-analysis/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY packages/contracts packages/contracts
COPY apps/web apps/web
RUN node node_modules/vite/bin/vite.js build apps/web --logLevel warn

# The server's production dependencies only (tsx runs its TypeScript, as `npm start` does).
FROM ${NODE_IMAGE} AS server-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/deck-analysis/package.json packages/deck-analysis/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @fitscore/server

FROM ${NODE_IMAGE} AS runtime
# pg_dump/pg_restore for `npm run backup`/`restore`; tini reaps and forwards SIGTERM to the server.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=server-deps /app ./
COPY apps/server apps/server
COPY packages packages
COPY scripts/cluster scripts/cluster
COPY --from=web /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0
USER node
VOLUME ["/data"]
EXPOSE 8000 3000 2525 9464
ENTRYPOINT ["tini", "--"]
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
