# CBM's container image: `docker build -t cbm .` in the checkout. The build stage runs `npm run package`; the
# runtime stage holds only the release folder it writes (docs/operations.md, "Deploy"). The same release runs
# without containers: release/cbm-VERSION.tar.gz, started with the CMD below in its folder.

FROM node:24-trixie-slim AS build
WORKDIR /build
# The manifests first, so that `npm ci` is cached until a dependency changes: every workspace's package.json.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/demo-fixtures/package.json packages/demo-fixtures/
COPY packages/device-model/package.json packages/device-model/
COPY apps/server/package.json apps/server/
COPY apps/simulator/package.json apps/simulator/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run package

FROM node:24-trixie-slim
# pg_dump and pg_restore for `cli backup|restore` (the major version of trixie's client: 17).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --uid 10001 --create-home --home-dir /var/lib/cbm cbm
WORKDIR /opt/cbm
COPY --from=build /build/release/cbm ./
ENV DATA_DIR=/var/lib/cbm PORT=8080
USER cbm
VOLUME /var/lib/cbm
# HTTP; the embedded broker's MQTT and MQTT over TLS (unused when MQTT_URL names an external broker).
EXPOSE 8080 1884 8883
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/main.js"]
