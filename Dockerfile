# syntax=docker/dockerfile:1
# Canon's image. Build: `docker build -t canon .`  Run on PostgreSQL: docker-compose.yml.
# Run alone on the embedded database (bound to 0.0.0.0 in the container, Canon needs a token):
#   docker run -e CANON_ADMIN_TOKEN=canon_$(openssl rand -hex 24) -e CANON_GRAPHIQL=true \
#     -p 127.0.0.1:4000:4000 -v canon-data:/data canon
# then open http://127.0.0.1:4000/graphql?token=<that token>. docs/configuration.md has the rest.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: install everything, generate the Prisma client, compile, drop dev dependencies ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

# Dependencies first, so this layer is reused until the lockfile changes. The project's own
# install scripts need its source, so they run below, once it is there.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts

COPY . .
# What `npm ci` runs as postinstall and prepare: `prisma generate` (offline-safe wrapper) writes
# the client into src/db/generated, and `tsc` compiles src/, generated client included, to dist/.
RUN npm run postinstall && npm run build

# The compiled client needs only @prisma/client's runtime (a dependency), not the prisma CLI.
# `--omit=optional` too: @prisma/client lists prisma and typescript as optional peers, and npm
# keeps such peers (with the CLI's ~250 MB of tooling) under --omit=dev alone. The only
# production-only optional package it drops is pg-cloudflare, which pg loads on Cloudflare Workers only.
RUN npm prune --omit=dev --omit=optional --ignore-scripts

# ---- runtime ----
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    CANON_HOST=0.0.0.0 \
    CANON_PORT=4000 \
    CANON_DATA_DIR=/data
WORKDIR /app

COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Canon applies these on startup: the migrator reads them from dist/../prisma/migrations.
COPY --from=build /app/prisma/migrations ./prisma/migrations

# Embedded PGlite data when DATABASE_URL is not set; mount a volume here to keep it.
RUN mkdir -p /data && chown node:node /data
USER node

EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.CANON_PORT || 4000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# package.json's bin: `canon`, with npm start's node flags (docs/operations.md, "Node's flags").
# Other commands: `docker run ... canon migrate`.
ENTRYPOINT ["node", "--v8-pool-size=2", "dist/cli/main.js"]
CMD ["serve"]
