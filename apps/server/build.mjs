// Bundles the server's entry points into dist/ for `npm start` and the e2e journeys.
//
// Dependencies from npm stay external (they are installed next to the server, and some, like sharp
// and PGlite, ship native or WASM files a bundle cannot hold). The workspace packages `@sys/*` are
// bundled, because they are TypeScript source that Node cannot run as is.
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
// SERVER_OUT_DIR (a folder name inside apps/server) lets a private e2e run build next to the shared one.
const outdir = join(root, process.env.SERVER_OUT_DIR ?? 'dist');

const entryPoints = [
  'src/main.ts',
  'src/cli/seed.ts',
  'src/cli/admin.ts',
  'src/cli/backup.ts',
  'src/cli/restore.ts',
  'src/cli/cluster.ts',
]
  .map((entry) => join(root, entry))
  .filter((entry) => existsSync(entry));

/** Every bare import ("fastify", "node:fs", "drizzle-orm/pglite") is external unless it is ours. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@sys/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints,
  outdir,
  outbase: join(root, 'src'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies],
  // Bundled CommonJS code (if a workspace package ever pulls some in) expects `require`; ESM has none.
  banner: {
    js: "import { createRequire as __sysCreateRequire } from 'node:module'; const require = __sysCreateRequire(import.meta.url);",
  },
});

process.stdout.write(
  `server built: ${entryPoints.map((e) => e.slice(root.length + 1)).join(', ')} -> ${outdir.slice(root.length + 1)}/\n`,
);
