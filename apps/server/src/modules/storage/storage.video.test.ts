import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireFfmpeg } from '../../test/video.ts';
import { transcodeVideo, VIDEO_LIMITS } from './storage.video.ts';

const folder = mkdtempSync(join(tmpdir(), 'sys-video-cap-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the feed's MP4", () => {
  it('stays under the bitrate cap however much detail the source has', async () => {
    const ffmpeg = requireFfmpeg();
    const seconds = 2;
    // Grain on every frame, stored nearly losslessly: what quality alone (CRF) would keep at about
    // 14 Mbit/s (3.4 MB for these 2 s when measured without the cap).
    const input = join(folder, 'grainy.mp4');
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=640x360:rate=30:duration=${seconds},noise=alls=100:allf=t`],
      ...['-c:v', 'mpeg4', '-q:v', '2', '-y', input],
    ]);
    const bitsPerSecond = (file: string) => (statSync(file).size * 8) / seconds;
    const cap = VIDEO_LIMITS.maxVideoKbps * 1000;
    expect(bitsPerSecond(input)).toBeGreaterThan(10 * cap);

    const output = join(folder, 'feed.mp4');
    await transcodeVideo(ffmpeg, input, output, new AbortController().signal);
    // The encoder may run ahead of the cap by its buffer (twice the cap) over the whole clip, no more.
    const allowed = (cap * seconds + 2 * cap) / seconds;
    expect(bitsPerSecond(output)).toBeLessThanOrEqual(allowed);
    expect(bitsPerSecond(output)).toBeGreaterThan(0.5 * cap);
  });
});
