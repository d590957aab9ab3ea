import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINKS_PER_TASK, spreadPreloadLinks } from '../../vite-plugins/spread-preloads';

const HELPER =
  'let r=document.createElement(`link`);r.rel=`modulepreload`,r.href=l,document.head.appendChild(r);window.dispatchEvent(new Event(`vite:preloadError`));';

afterEach(() => {
  vi.useRealTimers();
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe("the preload helper's links, spread over tasks (vite-plugins/spread-preloads)", () => {
  it("replaces the helper's appendChild with the queue, and leaves other chunks alone", () => {
    const queued = spreadPreloadLinks(HELPER);
    expect(queued).toContain('__sysAppendLink(r)');
    expect(queued).not.toContain('document.head.appendChild(r)');
    expect(spreadPreloadLinks('export const a = document.head.appendChild(x);')).toBeUndefined();
  });

  it('fails the build when the helper no longer looks as expected', () => {
    expect(() => spreadPreloadLinks('vite:preloadError; document.body.append(r)')).toThrow(/preload helper/);
  });

  it(`puts every link into the document, ${LINKS_PER_TASK} per task, none in the task that asks`, () => {
    vi.useFakeTimers();
    const code = spreadPreloadLinks(
      'function add(href){let r=document.createElement(`link`);r.rel=`modulepreload`,r.href=href,document.head.appendChild(r)}/* vite:preloadError */return add;',
    );
    const add = new Function(code as string)() as (href: string) => void;
    const count = LINKS_PER_TASK * 2 + 3;
    for (let i = 0; i < count; i++) add(`/assets/chunk-${i}.js`);
    const links = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(links()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(links()).toHaveLength(LINKS_PER_TASK);
    vi.advanceTimersToNextTimer();
    expect(links()).toHaveLength(LINKS_PER_TASK * 2);
    vi.advanceTimersToNextTimer();
    expect(links()).toEqual(Array.from({ length: count }, (_, i) => `/assets/chunk-${i}.js`));
    // A link asked for later starts a new round.
    add('/assets/late.js');
    vi.advanceTimersToNextTimer();
    expect(links().at(-1)).toBe('/assets/late.js');
  });
});
