/**
 * Server memory while a 200MB video uploads (ARCHITECTURE.md section 6: the server's RSS grows by less
 * than 64 MB while it streams). Starts the built server, uploads a generated MP4 once as a multipart
 * form (POST /api/v1/storage/post-media) and once over tus in 1 MB chunks, as the web app does, and
 * samples the server's resident memory throughout.
 *
 * `npx tsx bench/uploads.ts` on its own, or part of `npm run bench`. Linux only (reads /proc).
 * Environment: DATABASE_URL (PostgreSQL instead of the embedded PGlite), BENCH_UPLOAD_MB (default 200).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '@sys/shared';
import { sampleRss, waitForIdle } from './lib/process-stats.ts';
import { type RunningServer, startServer } from './lib/server.ts';
import { signUp } from './lib/users.ts';

const MB = 1024 * 1024;

/** A file the server takes for an MP4: an 'ftyp' box (brand isom), then random bytes. */
async function writeFakeMp4(path: string, size: number): Promise<void> {
  const header = Buffer.alloc(32, 0);
  header.writeUInt32BE(24, 0);
  header.write('ftypisom', 4, 'latin1');
  header.writeUInt32BE(512, 12);
  header.write('isomiso2avc1mp41', 16, 'latin1');
  const out = createWriteStream(path);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  await write(header);
  for (let written = header.length; written < size; ) {
    const chunk = randomBytes(Math.min(4 * MB, size - written));
    await write(chunk);
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function uploadMultipart(server: RunningServer, token: string, file: string): Promise<void> {
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'video/mp4' }), 'bench.mp4');
  const res = await fetch(`${server.url}/api/v1/storage/post-media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`multipart upload answered ${res.status}: ${await res.text()}`);
}

/** The tus protocol as tus-js-client speaks it: create, then PATCH one chunk after the other. */
async function uploadTus(server: RunningServer, token: string, file: string, size: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.url}/api/v1/storage/post-media/resumable`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus create answered ${created.status}`);
  const url = new URL(location, server.url).toString();
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.alloc(LIMITS.uploadChunkBytes);
    for (let offset = 0; offset < size; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset);
      const res = await fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: chunk.subarray(0, bytesRead),
      });
      offset += bytesRead;
      const last = offset >= size;
      if (res.status !== (last ? 200 : 204)) {
        throw new Error(`tus PATCH at ${offset} answered ${res.status}: ${await res.text()}`);
      }
      await res.arrayBuffer();
    }
  } finally {
    await handle.close();
  }
}

export interface UploadMemoryRow {
  name: string;
  seconds: number;
  baselineMB: number;
  peakMB: number;
  growthMB: number;
  endMB: number;
}

export async function benchUploadMemory(
  options: { databaseUrl?: string; sizeMB?: number; log?: (line: string) => void } = {},
): Promise<UploadMemoryRow[]> {
  const log = options.log ?? (() => {});
  const size = (options.sizeMB ?? 200) * MB;
  const dir = mkdtempSync(join(tmpdir(), 'sys-bench-upload-'));
  const file = join(dir, 'bench.mp4');
  await writeFakeMp4(file, size);

  const env: Record<string, string> = { SEED_DEMO: 'false' };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const server = await startServer(env);
  try {
    const token = await signUp(server.url);
    await waitForIdle(server.pid);
    const rows: UploadMemoryRow[] = [];
    for (const [name, upload] of [
      [
        `multipart POST /api/v1/storage/post-media (${size / MB} MB)`,
        () => uploadMultipart(server, token, file),
      ],
      [
        `tus, ${LIMITS.uploadChunkBytes / MB} MB chunks (${size / MB} MB)`,
        () => uploadTus(server, token, file, size),
      ],
    ] as const) {
      log(`uploading: ${name}`);
      const sampler = sampleRss(server.pid);
      const started = performance.now();
      await upload();
      const seconds = (performance.now() - started) / 1000;
      rows.push({ name, seconds, ...sampler.stop() });
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatUploadTable(rows: UploadMemoryRow[]): string {
  return [
    '| upload | seconds | RSS before (MB) | RSS peak (MB) | growth (MB) | RSS after (MB) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.seconds.toFixed(1)} | ${r.baselineMB} | ${r.peakMB} | **${r.growthMB}** | ${r.endMB} |`,
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchUploadMemory({
    databaseUrl: process.env.DATABASE_URL,
    sizeMB: Number(process.env.BENCH_UPLOAD_MB ?? 200),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatUploadTable(rows)}\n`);
}
