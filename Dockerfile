# The production path of docs/deployment.md and scripts/check-production-install.sh, as an image:
# build with dev dependencies, drop them, run the bundled server with plain node.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=5000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# PGlite keeps its data here when DATABASE_URL is not set (one process only; mount a volume to keep it).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 5000
# Readiness: the database is reachable and migrated (the slim image has no curl; node has fetch).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
