import { POST_MESSAGES } from '../constants/posts.ts';

/*
 * Purchase and image links: how a typed link is read and what is wrong with it. Apart from the zod schemas
 * of schemas/posts.ts (which use them), so that the post form and the items sheet do not load zod for them.
 */

/*
 * An absolute http(s) URL with a host and no spaces. A pattern, not `new URL`, because this package runs
 * without DOM or Node typings; the server parses links fully where it fetches them (the scraper).
 */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/** Whatever comes before the first ':' of a link that names its scheme ('javascript', 'ftp', 'https'). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link as people type it, made absolute: 'zara.com/item' and '//zara.com/item' are
 * 'https://zara.com/item'. A link that names a scheme keeps it (so 'ftp:' or 'javascript:' are still
 * refused); text without a dotted host ('zara', 'hello there') is left as it is, to be refused.
 */
export function normalizeLink(value: string): string {
  const link = value.trim();
  if (link.startsWith('//')) return `https:${link}`;
  const scheme = SCHEME.exec(link)?.[1];
  // 'zara.com:8080/item' starts like a scheme, but a scheme has no dot.
  if (scheme !== undefined && !scheme.includes('.')) return link;
  return /^[^\s/?#@:]+\.[^\s/?#@:]+(?::\d+)?(?:[/?#]\S*)?$/.test(link) ? `https://${link}` : link;
}

/** What is wrong with a purchase link after normalizeLink, as one of POST_MESSAGES; null when nothing. */
export function linkProblem(link: string): string | null {
  if (link === '') return POST_MESSAGES.linkRequired;
  if (isHttpUrl(link)) return null;
  const scheme = SCHEME.exec(link)?.[1];
  return scheme !== undefined && !/^https?$/i.test(scheme)
    ? POST_MESSAGES.linkNotWeb
    : POST_MESSAGES.linkInvalid;
}
