// Module aliases for dependency-cruiser (.dependency-cruiser.cjs), as a webpack `resolve` section: the same
// `@/` → apps/web/src that vite.config.ts and apps/web/tsconfig.json declare.
const { join } = require('node:path');

module.exports = { resolve: { alias: { '@': join(__dirname, 'apps/web/src') } } };
