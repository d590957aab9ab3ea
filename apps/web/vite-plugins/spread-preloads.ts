import type { Plugin } from 'vite';

/** Vite's preload helper, where it puts each link into the document. */
const APPEND = /document\.head\.appendChild\(\s*([A-Za-z_$][\w$]*)\s*\)/g;

/** How many links go into the document per task: about 2 ms each on a phone (4x CPU slowdown). */
export const LINKS_PER_TASK = 8;

/**
 * The queue that replaces the helper's `document.head.appendChild(link)`: links go in, LINKS_PER_TASK
 * per task, the first batch in the next task.
 */
export const QUEUE_SOURCE = `var __sysLinks=[];function __sysAppendLink(link){if(__sysLinks.push(link)>1)return;var next=function(){var batch=__sysLinks.slice(0,${LINKS_PER_TASK});for(var i=0;i<batch.length;i++)document.head.appendChild(batch[i]);__sysLinks.splice(0,batch.length);if(__sysLinks.length)setTimeout(next,0)};setTimeout(next,0)}\n`;

/** The helper's code with its links queued; undefined when `code` is not the helper. */
export function spreadPreloadLinks(code: string): string | undefined {
  if (!code.includes('vite:preloadError')) return undefined;
  let found = 0;
  const queued = code.replace(APPEND, (_match, link: string) => {
    found++;
    return `__sysAppendLink(${link})`;
  });
  if (found === 0) throw new Error('spread-preloads: the preload helper no longer appends links as expected');
  return QUEUE_SOURCE + queued;
}

/**
 * Vite starts a lazy screen's code with a preload helper that puts a `<link rel="modulepreload">` into the
 * document for each chunk the screen needs (54 on the feed), all in the task that asks for the screen. Each
 * costs about 2 ms of a phone's CPU, so the first screen's request was one task of 130 ms (issue 20: total
 * blocking time counts every task over 50 ms). This spreads them over several tasks. Nothing waits for a
 * script's link (the helper waits only for a stylesheet's load, which still comes), and the screen's own
 * import starts at once as before, so the browser fetches the same files, a few milliseconds later at most.
 */
export function spreadPreloads(): Plugin {
  return {
    name: 'sys-spread-preloads',
    apply: 'build',
    renderChunk(code) {
      const queued = spreadPreloadLinks(code);
      return queued === undefined ? null : { code: queued, map: null };
    },
  };
}
