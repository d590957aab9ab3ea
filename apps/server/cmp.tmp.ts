import * as head from './src/modules/demo/art-head.tmp.ts';
import { renderAvatar, renderOutfit } from './src/modules/demo/demo.art.ts';
import { DEMO_PROFILES } from './src/modules/demo/demo.data.ts';
import { DEMO_POSTS } from './src/modules/demo/demo.posts.data.ts';
import { outfitSpecFor } from './src/modules/demo/demo.posts.ts';
import { processImage } from './src/modules/storage/storage.images.ts';
for (const p of DEMO_PROFILES) console.log(p.username, (await renderAvatar(p.avatar)).equals(await head.renderAvatar(p.avatar)));
const specs = DEMO_POSTS.flatMap((p) => p.shots.map((s) => outfitSpecFor(p, s)));
const c0 = process.cpuUsage(); const w0 = performance.now();
let r = 0, pr = 0;
for (const spec of specs) { const a = process.cpuUsage(); const jpg = await renderOutfit(spec); const b = process.cpuUsage(); await processImage(jpg); const c = process.cpuUsage();
  r += b.user - a.user + b.system - a.system; pr += c.user - b.user + c.system - b.system; }
const c = process.cpuUsage(c0);
console.log({ n: specs.length, renderCpu: Math.round(r / 1000), processCpu: Math.round(pr / 1000), wall: Math.round(performance.now() - w0), cpu: Math.round((c.user + c.system) / 1000) });
