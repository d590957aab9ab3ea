// Import rules, checked by `npm run lint` (`depcruise apps/web/src apps/server/src`) and proven by
// apps/web/src/architecture.test.ts and apps/server/src/architecture.test.ts. docs/architecture.md draws
// them.
//
// Paths are relative to the repository root. Each app has its own section below; a rule names the folder
// it governs in `from.path`, so a section can be added (or cruised) without touching the others.

/** @typedef {import('dependency-cruiser').IForbiddenRuleType} Rule */

// ---------------------------------------------------------------------------------------------------------
// Web (apps/web/src): app → pages → features → entities → shared, one way only.
// ---------------------------------------------------------------------------------------------------------

// Every rule fails `npm run lint`.
const SEVERITY = 'error';

const WEB = '^apps/web/src';
/** The layers from top to bottom: a layer imports only the layers after it. */
const WEB_LAYERS = ['app', 'pages', 'features', 'entities', 'shared'];
/** Layers made of slices (one folder each) that never import each other. */
const WEB_SLICED = ['pages', 'features'];
/**
 * Entities may build on each other, one way only: each imports only those after it (a post shows its
 * author's avatar; nothing below a post knows posts). A new entity takes its place in this list.
 */
const WEB_ENTITIES = ['album', 'post', 'report', 'profile', 'viewer'];
/** Tests and their helpers may reach anything: they are not shipped. */
const WEB_TESTS = [`\\.test\\.tsx?$`, `${WEB}/test/`];

/** @type {Rule[]} */
const webRules = [
  {
    name: 'web-no-cycle',
    comment: 'A web module must not import itself through others: untangle it, or move the shared part down.',
    severity: SEVERITY,
    from: { path: WEB },
    to: { circular: true },
  },
  {
    name: 'web-resolvable',
    comment: 'Every import of the web app resolves (else the other rules would see nothing).',
    severity: SEVERITY,
    from: { path: WEB },
    to: { couldNotResolve: true },
  },
  ...WEB_SLICED.map((layer) => ({
    name: `web-${layer}-not-to-${layer}`,
    comment: `A slice of ${layer}/ never imports another: move what both need down a layer, or compose them above.`,
    severity: SEVERITY,
    from: { path: `${WEB}/${layer}/([^/]+)/`, pathNot: WEB_TESTS },
    to: { path: `${WEB}/${layer}/`, pathNot: `${WEB}/${layer}/$1/` },
  })),
  ...WEB_ENTITIES.slice(1).map((entity, index) => ({
    name: 'web-entities-one-way',
    comment: `entities/${entity} imports only the entities after it (${WEB_ENTITIES.slice(index + 2).join(', ') || 'none'}).`,
    severity: SEVERITY,
    from: { path: `${WEB}/entities/${entity}/`, pathNot: WEB_TESTS },
    to: { path: `${WEB}/entities/(${WEB_ENTITIES.slice(0, index + 1).join('|')})/` },
  })),
  ...WEB_LAYERS.slice(1).map((layer, index) => ({
    name: `web-${layer}-not-up`,
    comment: `${layer}/ imports only the layers below it (${WEB_LAYERS.slice(index + 2).join(', ') || 'none'}).`,
    severity: SEVERITY,
    from: { path: `${WEB}/${layer}/`, pathNot: WEB_TESTS },
    to: { path: `${WEB}/(${WEB_LAYERS.slice(0, index + 1).join('|')})/` },
  })),
];

// ---------------------------------------------------------------------------------------------------------
// Server (apps/server/src): no cycles, folders one way; lib/ and db/ below the modules; tests apart.
// ---------------------------------------------------------------------------------------------------------

const SERVER = '^apps/server/src';
/**
 * Test files are not cruised at all: each builds the whole app (test/context.ts -> app.ts), so each would
 * tie its folder to every module and hide the real import graph. Nothing imports a test file, so none
 * can be part of a cycle. The helpers in test/ are cruised like any other code.
 */
const SERVER_TEST_FILES = `${SERVER}/.*\\.test(-helpers)?\\.ts$`;
/** @type {Rule[]} */
const serverRules = [
  {
    name: 'server-no-cycle',
    comment:
      'A server file must not import itself through others: untangle it, or move the shared part down.',
    severity: SEVERITY,
    from: { path: SERVER },
    to: { circular: true },
  },
  {
    name: 'server-folders-one-way',
    comment:
      'A folder (a module, lib/, db/, seed/...) never imports one that imports it back: move what both need ' +
      'into a folder below them (as modules/search-index is below posts and explore), or hand it in as a port.',
    severity: SEVERITY,
    scope: 'folder',
    from: { path: `${SERVER}/` },
    to: { circular: true },
  },
  {
    name: 'server-base-not-to-modules',
    comment: 'lib/ and db/ are what the modules build on: they never import a module.',
    severity: SEVERITY,
    from: { path: `${SERVER}/(lib|db)/` },
    to: { path: `${SERVER}/modules/` },
  },
  {
    name: 'server-not-to-tests',
    comment: 'Shipped code never imports the test helpers in test/.',
    severity: SEVERITY,
    from: { path: SERVER, pathNot: [`${SERVER}/test/`, SERVER_TEST_FILES] },
    to: { path: `${SERVER}/test/` },
  },
  {
    name: 'server-resolvable',
    comment: 'Every import of the server resolves (else the other rules would see nothing).',
    severity: SEVERITY,
    from: { path: SERVER },
    to: { couldNotResolve: true },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...webRules, ...serverRules],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: SERVER_TEST_FILES },
    // Type-only imports tie modules together too.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias (vite.config.ts, apps/web/tsconfig.json) for the resolver.
    webpackConfig: { fileName: '.dependency-cruiser-resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
