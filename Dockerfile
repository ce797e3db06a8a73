# syntax=docker/dockerfile:1
# The portal and its API server in one image, run as a non-root user, for PostgreSQL.
# tests/e2e/deploy.test.ts runs what this file runs: `npm run build`, then the bundled server
# from a folder holding only the files the last stage copies, with only `dependencies`
# installed; so what the test proves is what the image does (docs/operations.md, "Deploy with Docker").

# Pinned by version and digest, so a rebuild gets the same base; raise both together.
ARG NODE_IMAGE=node:22.23.1-bookworm-slim@sha256:53ada149d435c38b14476cb57e4a7da73c15595aba79bd6971b547ceb6d018bf

# 1. Build the portal (Vite) and bundle the API server (esbuild) with every dependency.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. What the bundled server imports at run time: `dependencies` only.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. The image: the built portal, the bundled server and the files it reads beside it;
#    dist-server also holds the bundled backup and restore scripts (docs/operations.md, "Deploy with Docker").
FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 SEED=false
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/server/migrations ./server/migrations
COPY --from=build /app/server/seed/dictionaryData ./server/seed/dictionaryData
# PGlite's folder, for a trial without DATABASE_URL (one server only; docs/operations.md "Durability").
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
USER node
EXPOSE 8080
# Readiness, not liveness: healthy only once the database answers with every migration applied.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist-server/server.mjs"]
