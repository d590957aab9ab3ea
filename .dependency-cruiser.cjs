// Import rules, checked by `npm run lint` (`depcruise apps/web/src`) and proven by
// apps/web/src/architecture.test.ts. docs/architecture.md draws them.
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
// Server (apps/server/src): TODO, with its own rules (no cycles, modules one way).
// ---------------------------------------------------------------------------------------------------------

/** @type {Rule[]} */
const serverRules = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...webRules, ...serverRules],
  options: {
    doNotFollow: { path: 'node_modules' },
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
