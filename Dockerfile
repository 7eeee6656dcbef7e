# Gabarita's server and web app in one image (docs/deployment.md, "Containers").
#
# The steps are the commands the deployment test runs (npm run test:deployment,
# apps/server/test/deployment): `npm ci` and `npm run build`, then only the server's production
# dependencies and `node apps/server/dist/main.js`.

# --- build: every dependency, the web app and the server bundle ---------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so a change in the sources does not reinstall the dependencies.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: the server's production dependencies and what the build made --------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# Only the server's workspace: the bundle includes @gabarita/shared; the web app is static files.
RUN npm ci --omit=dev --workspace @gabarita/server --include-workspace-root=false \
      --no-audit --no-fund \
    && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The demonstration exams a new, empty database starts with.
COPY --from=build /app/content/sample content/sample
# The embedded database (without DATABASE_URL) lives here; mount a volume to keep it.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the liveness endpoint.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
