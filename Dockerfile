# The service image: API and workers (ROLE picks the half), with ffmpeg and espeak-ng.
# Two stages: the build stage has the dev dependencies and bundles src/ into dist/ (main.js,
# cli/key.js, engines/digitize/document-parser.child.js (the process documents are read in) and
# the shared chunks esbuild splits off) and builds the console app (console/) into dist/console/
# (its page, its style and its script bundled whole, Preact and graphql-ws included); the runtime
# stage installs production dependencies only and runs the built JavaScript. The server bundle
# keeps packages external, so node_modules is read at run time: the AWS SDK (loaded when
# BLOB_STORE=s3) and swagger-ui-dist's assets for /docs.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY console ./console
RUN npm run build

FROM node:22-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg espeak-ng ca-certificates tini \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist

ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 4000

# tini forwards SIGTERM so the server drains instead of being killed mid-job.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "--expose-gc", "--max-semi-space-size=64", "dist/main.js"]
# For the HTTP roles (ROLE=all, ROLE=api). A ROLE=worker container serves no HTTP: disable the
# check there (docker-compose.yml does), or it never turns healthy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
