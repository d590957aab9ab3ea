import type { Plugin } from 'vite';
import { drawWordmark, LOGO_MARK } from '../src/shared/ui/brand/logo-art.ts';

/** The marker in index.html that becomes the logo (the same drawing as the React `Logo`). */
export const LOGO_MARKER = '<!--app-shell-logo-->';

/** The logo as static SVG markup, with the classes the React `Logo` gives its two parts. */
export function logoMarkup(): string {
  const art = drawWordmark();
  return (
    `<svg viewBox="${LOGO_MARK.viewBox}" class="h-[1.25em] w-auto shrink-0 text-accent-600" aria-hidden="true" focusable="false">` +
    `<path d="${LOGO_MARK.hanger}" fill="none" stroke="currentColor" stroke-width="${LOGO_MARK.hangerStroke}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${LOGO_MARK.heart}" fill="currentColor"/></svg>` +
    `<svg viewBox="${art.viewBox}" class="h-[0.8em] w-auto shrink-0 text-ink" aria-hidden="true" focusable="false">` +
    `<path d="${art.stroke}" fill="none" stroke="currentColor" stroke-width="${art.strokeWidth}"/>` +
    `<path d="${art.fill}" fill="currentColor"/></svg>`
  );
}

/**
 * index.html holds a static app shell inside #root (the app column, the header bar with the logo, a
 * skeleton) so the first paint does not wait for the JavaScript; React replaces it when it mounts. The
 * logo is drawn from the same data as the React component, put in here at build (and dev) time.
 */
export function appShell(): Plugin {
  return {
    name: 'sys-app-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(LOGO_MARKER)) throw new Error(`index.html has no ${LOGO_MARKER}`);
        return html.replace(LOGO_MARKER, logoMarkup());
      },
    },
  };
}
