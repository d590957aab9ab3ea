/**
 * A real video through upload and transcode: server memory and transcode time (issue 18). Generates a
 * video of about BENCH_VIDEO_MB (default 200) MB with the ffmpeg of @ffmpeg-installer/ffmpeg (1280x720,
 * 30 fps, BENCH_VIDEO_SECONDS (default 55) s of testsrc2 with noise so that it stays large, MPEG-4
 * Part 2 + AAC; in a temporary folder, removed after), starts the built server, uploads it as one POST
 * /api/v1/storage/post-media, publishes a post with it and waits until a visitor sees it (the transcode
 * job finished). Samples the server's RSS during the upload and during the transcode, and the RSS of
 * its ffmpeg child (a separate process) during the transcode.
 *
 * `npx tsx bench/video.ts`. Linux only (reads /proc). DATABASE_URL: PostgreSQL instead of PGlite.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssBytes, sampleRss, waitForIdle } from './lib/process-stats.ts';
import { startServer } from './lib/server.ts';
import { signUp } from './lib/users.ts';

const MB = 1024 * 1024;
const require = createRequire(join(fileURLToPath(import.meta.url), '../../apps/server/package.json'));
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** The process ids below `pid` (children of every thread), recursively. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of text ? text.split(' ').map(Number) : []) found.push(child, ...descendants(child));
    }
  } catch {
    // Gone meanwhile.
  }
  return found;
}

function generate(file: string, seconds: number, sizeMB: number): void {
  const bitrate = Math.round((sizeMB * MB * 8) / seconds / 1000) - 128;
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-vf', 'noise=alls=40:allf=t', '-c:v', 'mpeg4', '-b:v', `${bitrate}k`],
    ...['-minrate', `${bitrate}k`, '-maxrate', `${bitrate}k`, '-bufsize', `${bitrate}k`],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-f', 'mp4', '-y', file],
  ]);
}

export async function benchVideo(options: { databaseUrl?: string; sizeMB?: number; seconds?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sys-bench-video-'));
  const file = join(dir, 'bench.mp4');
  const seconds = options.seconds ?? 55;
  let started = performance.now();
  generate(file, seconds, options.sizeMB ?? 200);
  const generateSeconds = (performance.now() - started) / 1000;
  const sizeMB = statSync(file).size / MB;

  const env: Record<string, string> = { SEED_DEMO: 'false', JOB_POLL_SECONDS: '1' };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const server = await startServer(env);
  try {
    const token = await signUp(server.url);
    const headers = { authorization: `Bearer ${token}` };
    await waitForIdle(server.pid);

    let sampler = sampleRss(server.pid);
    started = performance.now();
    const uploaded = await fetch(`${server.url}/api/v1/storage/post-media`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'video/mp4' },
      body: await openAsBlob(file),
    });
    if (uploaded.status !== 201)
      throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const uploadSeconds = (performance.now() - started) / 1000;
    const upload = { seconds: uploadSeconds, ...sampler.stop() };
    const media = (await uploaded.json()) as { public_url: string; type: string };

    sampler = sampleRss(server.pid);
    let ffmpegPeak = 0;
    const childTimer = setInterval(() => {
      for (const pid of descendants(server.pid)) {
        try {
          ffmpegPeak = Math.max(ffmpegPeak, rssBytes(pid));
        } catch {
          // Exited between the listing and the read.
        }
      }
    }, 100);
    started = performance.now();
    const created = await fetch(`${server.url}/api/v1/posts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        caption: 'Bench video',
        media: [{ url: media.public_url, type: media.type, order: 0 }],
        items: [
          { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
        ],
      }),
    });
    if (created.status !== 201) throw new Error(`post answered ${created.status}: ${await created.text()}`);
    const postId = ((await created.json()) as { id: string }).id;
    let post: { media: { status: string; media_url: string }[] } | undefined;
    while (!post) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await fetch(`${server.url}/api/v1/posts/${postId}`);
      if (response.status === 200) post = (await response.json()) as typeof post;
      if (performance.now() - started > 30 * 60_000) throw new Error('transcode took over 30 minutes');
    }
    const transcodeSeconds = (performance.now() - started) / 1000;
    clearInterval(childTimer);
    const transcode = { seconds: transcodeSeconds, ...sampler.stop() };
    const output = await fetch(`${server.url}${post.media[0]!.media_url}`);
    const outputMB = (await output.arrayBuffer()).byteLength / MB;
    return {
      input: { sizeMB, seconds, generateSeconds },
      upload,
      transcode,
      ffmpegPeakMB: Math.round((ffmpegPeak / MB) * 10) / 10,
      outputMB,
      status: post.media[0]!.status,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchVideo({
    databaseUrl: process.env.DATABASE_URL,
    sizeMB: Number(process.env.BENCH_VIDEO_MB ?? 200),
    seconds: Number(process.env.BENCH_VIDEO_SECONDS ?? 55),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
