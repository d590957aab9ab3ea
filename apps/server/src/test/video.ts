import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFfmpeg } from '../modules/storage/storage.video.ts';

/** The ffmpeg of @ffmpeg-installer/ffmpeg; the tests that use it fail without it. */
export function requireFfmpeg(): string {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('this test needs the ffmpeg of @ffmpeg-installer/ffmpeg');
  return ffmpeg;
}

/** A one-second 320x240 clip (MPEG-4 Part 2 and AAC in MP4) written to `file`; returns its bytes. */
export function makeOneSecondClip(ffmpeg: string, file: string): Buffer {
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=1'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', '-f', 'mp4', '-y', file],
  ]);
  return readFileSync(file);
}

/**
 * A stand-in ffmpeg (FFMPEG_PATH) in `folder`: while the file `hold` exists, a transcode call (the one
 * with +faststart) writes the file `started` and waits; otherwise, and for every other call, it runs the
 * real ffmpeg. Lets a test stop a server while a transcode runs, without racing it.
 */
export function writeFfmpegStandIn(ffmpeg: string, folder: string) {
  const hold = join(folder, 'hold');
  const started = join(folder, 'started');
  const script = join(folder, 'ffmpeg');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      'case " $* " in',
      `  *" +faststart "*) if [ -e '${hold}' ]; then : > '${started}'; while [ -e '${hold}' ]; do sleep 0.05; done; fi ;;`,
      'esac',
      `exec '${ffmpeg}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  writeFileSync(hold, '');
  return { script, hold, started };
}
