import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

/*
 * ffmpeg for uploaded videos: the binary of the npm package @ffmpeg-installer/ffmpeg (shipped inside
 * the package, nothing downloaded at install), started with `-nostdin`, one thread and a low priority,
 * and through `setpriv --pdeathsig KILL` where util-linux has it, so that a SIGKILLed server never
 * leaves an ffmpeg running on (a plain child would be re-parented to PID 1 and carry on).
 */

/** What the server accepts (README, "Limits"): longer or larger videos are refused at upload. */
export const VIDEO_LIMITS = {
  /** Longest side of the input: 4K. */
  maxInputLongSide: 4096,
  maxInputShortSide: 2160,
  /** The MP4 the feed plays: long side at most this, never upscaled. */
  outputLongSide: 1080,
  /**
   * Its video bitrate at most this (kbit/s): the quality setting alone (CRF 23) keeps whatever detail the
   * source has, and grainy or noisy footage came out as large as it went in (200 MB in, 197 MB out).
   * 3 Mbit/s is plenty for 1080 px on a phone; a 60 s video stays under about 25 MB with its sound.
   */
  maxVideoKbps: 3000,
} as const;

export interface VideoProbe {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

/**
 * The path of a working ffmpeg: `preferred` (FFMPEG_PATH) if it runs, else the npm package's; null when
 * neither does (package missing, platform not shipped, binary will not run).
 */
export function findFfmpeg(preferred?: string): string | null {
  if (preferred && runs(preferred)) return preferred;
  let path: string;
  try {
    path = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
  return runs(path) ? path : null;
}

function runs(path: string): boolean {
  const result = spawnSync(path, ['-hide_banner', '-version'], { timeout: 10_000, stdio: 'ignore' });
  return result.status === 0;
}

const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => existsSync(candidate)) ?? null;

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

/**
 * Runs ffmpeg with `args`; resolves with its standard error (where it reports). Stops it (SIGKILL) when
 * `signal` aborts. Rejects when it exits with another status than `okStatus`.
 */
function runFfmpeg(
  ffmpeg: string,
  args: string[],
  options: { signal?: AbortSignal; okStatus?: number[] } = {},
): Promise<string> {
  const full = ['-hide_banner', '-nostdin', ...args];
  const [command, commandArgs] = setpriv
    ? [setpriv, ['--pdeathsig', 'KILL', '--', ffmpeg, ...full]]
    : [ffmpeg, full];
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the end matters for an error message; the start has the input's description.
      stderr =
        stderr.length > 64_000 ? stderr.slice(0, 32_000) + stderr.slice(-16_000) + chunk : stderr + chunk;
    });
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (status) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) reject(options.signal.reason);
      else if (status !== null && (options.okStatus ?? [0]).includes(status)) resolve(stderr);
      else
        reject(
          new FfmpegError(`ffmpeg exited with ${status}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`),
        );
    });
  });
}

/** Length and size of a video, read from ffmpeg's description of the input (`ffmpeg -i`). */
export async function probeVideo(ffmpeg: string, file: string): Promise<VideoProbe> {
  // Without an output ffmpeg describes the input and exits with 1.
  const text = await runFfmpeg(ffmpeg, ['-i', file], { okStatus: [0, 1] });
  const size = /Stream #\S+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(text);
  const width = size ? Number(size[1]) : null;
  const height = size ? Number(size[2]) : null;
  let durationSeconds = clockSeconds(/Duration: (\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(text)?.[1]);
  if (durationSeconds === null && width !== null) {
    // A browser's recording (MediaRecorder WebM) often has no duration in its header ("Duration: N/A"):
    // read the video stream through once without decoding it (-c copy) and take the last time reached.
    const copied = await runFfmpeg(ffmpeg, ['-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-']);
    const times = [...copied.matchAll(/time=(\d+:\d{2}:\d{2}(?:\.\d+)?)/g)];
    durationSeconds = clockSeconds(times.at(-1)?.[1]);
  }
  return { durationSeconds, width, height };
}

/** '00:01:02.50' as 62.5 seconds; undefined or unreadable as null. */
function clockSeconds(clock: string | undefined): number | null {
  const parts = clock?.split(':').map(Number);
  if (parts?.length !== 3 || parts.some((part) => !Number.isFinite(part))) return null;
  const [hours = 0, minutes = 0, seconds = 0] = parts;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Long side at most 1080, never upscaled, even sizes (H.264 4:2:0 needs them). */
const SCALE = `scale='if(gte(iw,ih),min(${VIDEO_LIMITS.outputLongSide},iw),-2)':'if(gte(iw,ih),-2,min(${VIDEO_LIMITS.outputLongSide},ih))'`;

/**
 * The feed's MP4: H.264 High + AAC, the index (moov) before the data so that playback starts before the
 * download ends (+faststart), long side at most 1080, video at constant quality up to a bitrate cap.
 */
export function transcodeVideo(ffmpeg: string, input: string, output: string, signal: AbortSignal) {
  return runFfmpeg(
    ffmpeg,
    [
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `${SCALE},format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-maxrate',
      `${VIDEO_LIMITS.maxVideoKbps}k`,
      '-bufsize',
      `${VIDEO_LIMITS.maxVideoKbps * 2}k`,
      '-profile:v',
      'high',
      '-threads',
      '1',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { signal },
  );
}

/** A JPEG of the first frame, at the MP4's size. */
export function takePoster(ffmpeg: string, input: string, output: string, signal: AbortSignal) {
  return runFfmpeg(
    ffmpeg,
    ['-y', '-i', input, '-frames:v', '1', '-vf', SCALE, '-q:v', '3', '-threads', '1', '-f', 'image2', output],
    { signal },
  );
}
