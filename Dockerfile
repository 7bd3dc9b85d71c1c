# syntax=docker/dockerfile:1
# Quorum's container image: `docker build -t quorum:latest .`
# Two stages: `build` installs every dependency and runs `npm run build` (dist/server, dist/web); `runtime` holds
# the production dependencies of apps/server and dist/ only, and runs as an unprivileged user.
# scripts/container-check.mjs reads the runtime stage below and repeats its COPY and `npm ci` steps outside a
# container (a stage of `npm test`): keep those steps plain (one source list per COPY, one `npm ci` per RUN).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Compilers only in case better-sqlite3 has no prebuilt binary for the platform.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/test-support/package.json packages/test-support/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/build.mjs scripts/
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
# The workspace manifests and the lock file, so `npm ci` installs exactly the locked production dependencies of
# apps/server (the web app's dependencies are compiled into dist/web; @quorum/contract into dist/server).
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/test-support/package.json packages/test-support/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The compilers are installed and removed in the same layer; they are only used when no prebuilt binary exists.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && npm ci --omit=dev --workspace apps/server --no-audit --no-fund \
    && npm cache clean --force \
    && apt-get purge -y python3 make g++ && apt-get autoremove -y && rm -rf /var/lib/apt/lists/* /root/.cache
COPY --from=build /app/dist dist
RUN groupadd --gid 10001 quorum \
    && useradd --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin quorum \
    && mkdir -p /data && chown 10001:10001 /data
USER 10001:10001
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=8", "dist/server/server.js"]
