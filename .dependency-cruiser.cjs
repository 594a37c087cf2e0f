/**
 * `npm run check:boundaries`: the import boundaries of docs/architecture.md (Layers), checked on every import
 * of the apps and packages, type-only imports included; scripts/check-boundaries.ts adds the folder circles. Decision 032.
 */
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const TESTS = require('./scripts/test-files.cjs');
const ENTRIES = `${SERVER}(main|demo-main|cli|start-server)\\.ts$`;
const INFRASTRUCTURE = `${SERVER}(config|db|plugins|jobs|i18n|shared)/|${SERVER}(config|database-url|http-error|version)\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles hide an order and make a change in one file reach everywhere: cut the circle.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-front-door',
      severity: 'error',
      comment:
        'A web feature is reached through its front door, index.ts: what it offers the rest of the app. Its inside may move freely (decision 130).',
      from: { path: `${WEB}(features/[^/]+|app|lib|components)/`, pathNot: TESTS },
      to: { path: `${WEB}features/[^/]+/`, pathNot: [`${WEB}$1/`, `${WEB}features/[^/]+/index\\.ts$`], dynamic: false },
    },
    {
      name: 'web-lazy-pages',
      severity: 'error',
      comment:
        "Only the route table loads a feature's page, lazily, by its page file: the page's code comes with its route.",
      from: { path: WEB, pathNot: [`${WEB}app/(route-table|charger-station-routes)\\.ts$`, ...TESTS] },
      to: { path: `${WEB}features/[^/]+/`, pathNot: `${WEB}features/[^/]+/index\\.ts$`, dynamic: true },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'lib/ and components/ are what every feature stands on: they import no feature.',
      from: { path: `${WEB}(lib|components)/`, pathNot: TESTS },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; what both sides need lives in packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports the web app; what both sides need lives in packages/contracts.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'packages/* (contracts, demo fixtures) sit below the apps and import none of them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'simulator-not-server',
      severity: 'error',
      comment: 'The simulator is a device: it speaks MQTT to the server and imports nothing of it.',
      // provision.ts is the load test's set-up step: it registers the simulator's gateway through the platform's own
      // device registry (the code `npm run cli -- devices gateway` runs), so its credentials are stored like any other.
      from: { path: '^apps/simulator/', pathNot: '^apps/simulator/src/cli/provision\\.ts$' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'production-without-demo',
      severity: 'error',
      comment:
        'The production entry (main.ts, `npm run serve`) never loads the simulator, the demo fixtures, the device model or demo/: ' +
        'they start from demo-main.ts.',
      from: { path: `${SERVER}main\\.ts$` },
      to: {
        path: ['^apps/simulator/', '^packages/demo-fixtures/', '^packages/device-model/', `${SERVER}demo/`],
        reachable: true,
      },
    },
    {
      name: 'module-not-other-routes',
      severity: 'error',
      comment: "A module calls another module's service, never its route files.",
      // device-channel assembles the device modules into app.devices, their routes included (decision 029).
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: `${SERVER}modules/device-channel/` },
      to: { path: `${SERVER}modules/[^/]+/[^/]*-routes\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: 'module-not-other-repository',
      severity: 'error',
      comment: "A module calls another module's service, never its repository (the SQL stays with its owner).",
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      // sites and audit are the kernel every feature stands on: the site-access check and the audit record written
      // in the caller's transaction (decision 007) are their repositories' own calls (decision 032).
      to: {
        path: `${SERVER}modules/[^/]+/[^/]*-repository\\.ts$`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/(sites/site|audit/audit)-repository\\.ts$`],
      },
    },
    {
      name: 'nothing-imports-entries',
      severity: 'error',
      comment: 'main.ts, demo-main.ts, cli.ts and start-server.ts are entry points: nothing imports them.',
      from: { pathNot: ENTRIES },
      to: { path: `${SERVER}(main|demo-main|cli)\\.ts$` },
    },
    {
      name: 'only-entries-import-app',
      severity: 'error',
      comment: 'app.ts composes the modules; only the entry points (and tests) build the app.',
      from: { path: SERVER, pathNot: [ENTRIES, ...TESTS] },
      to: { path: `${SERVER}app\\.ts$` },
    },
    {
      name: 'modules-not-demo',
      severity: 'error',
      comment: 'demo/ sits above the modules (it seeds through them); production modules never import it.',
      from: { path: `${SERVER}modules/`, pathNot: TESTS },
      to: { path: `${SERVER}demo/` },
    },
    {
      name: 'infrastructure-below-modules',
      severity: 'error',
      comment:
        'db, plugins, jobs, i18n, shared, config (config.ts and config/) and the HTTP error are below the modules: they never import a ' +
        'module, demo/, app.ts or an entry point.',
      from: { path: INFRASTRUCTURE, pathNot: TESTS },
      to: { path: [`${SERVER}(modules|demo)/`, `${SERVER}app\\.ts$`, ENTRIES] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    cache: false,
  },
};
