import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text files of at least 1 kB. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|txt)$/;
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every built text file, so that the server sends
 * the compressed bytes without compressing on each request (`@fastify/static`'s `preCompressed`). Without
 * it the app's JavaScript went out uncompressed when no reverse proxy compressed it: ~860 kB instead of
 * ~230 kB (gzip) on a phone's first visit (bench/RESULTS.md, Lighthouse).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let failed = false;
  return {
    name: 'sys-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
    renderError() {
      failed = true;
    },
    async closeBundle() {
      if (failed) return; // a failed build wrote nothing to compress; let its own error show
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        work.push(
          (async () => {
            const bytes = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await writeFile(`${file}.br`, br);
            await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}
