# Tostão in a container: Node.js 22 LTS, production dependencies only, run as the unprivileged
# `node` user of the official image. The service runs its TypeScript through tsx (a production
# dependency, see docs/decisions/0001-run-typescript-with-tsx.md), so there is no build step.
# This image is not built in CI (there is no image registry there); test/container.test.ts
# checks this file and compose.yaml against the README.
FROM node:22-slim

ENV NODE_ENV=production
WORKDIR /app

# Dependencies first, so a change to the source reuses this layer.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# The code stays owned by root: the service can read it, not change it.
COPY tsconfig.json ./
COPY bin ./bin
COPY src ./src

# Embedded PGlite's data directory, used only when DATABASE_URL is unset: mount a volume on it
# to keep the data (compose.yaml uses PostgreSQL instead).
RUN mkdir -p /app/data && chown node:node /app/data
ENV PORT=3000 HOST=0.0.0.0 TOSTAO_DATA_DIR=/app/data

USER node
EXPOSE 3000

# /readyz answers 200 once the database answers; node's own fetch, so no curl in the image.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node itself is PID 1 (no npm or tsx wrapper process), so `docker stop` sends SIGTERM straight
# to the service, which finishes its in-flight work and closes the database.
CMD ["node", "--import", "tsx", "src/main.ts"]
