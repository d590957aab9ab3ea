import { LIMITS } from '../constants/limits.ts';
import { STYLES } from '../constants/lists.ts';
import { foldCase } from './text.ts';
import { type TruncatedText, truncateText } from './truncate.ts';

/*
 * Hashtag rules (one place, used by cards, filters, categories and the post form):
 * - A hashtag is '#' followed by letters (any script, Hebrew included, with their combining marks), digits
 *   and underscores. Anything else ends it: a hyphen, punctuation, an emoji, whitespace.
 * - The '#' must not follow a letter, digit, underscore or another '#': 'a#b', '##b' and '&#39' are no tags.
 * - The body needs at least one letter, so '#1' (as in 'look #1') is no tag.
 * - Two tags are the same tag when their tagKey is equal: case and any character a hashtag cannot hold
 *   (spaces, hyphens) are ignored, and so are underscores. So the style 'Plus Size' is written '#PlusSize'
 *   and matches '#plussize', '#Plus_Size' and '#PLUSSIZE'.
 */

const HASHTAG_PATTERN = /(?<![\p{L}\p{M}\p{N}_#])#([\p{L}\p{M}\p{N}_]+)/gu;
const HAS_LETTER = /\p{L}/u;
const NOT_TAG_CHAR = /[^\p{L}\p{M}\p{N}_]+/gu;
const HEBREW = /\p{Script=Hebrew}/u;

function isTagBody(body: string): boolean {
  return HAS_LETTER.test(body);
}

/** The comparison key of a tag or style: '#Plus_Size', 'plus size' and 'PlusSize' all give 'plussize'. */
export function tagKey(tagOrStyle: string): string {
  return foldCase(tagOrStyle).replace(NOT_TAG_CHAR, '').replaceAll('_', '');
}

/** Whether two tags (or a tag and a style) are the same tag. */
export function tagsEqual(a: string, b: string): boolean {
  const key = tagKey(a);
  return key !== '' && key === tagKey(b);
}

/** The hashtags of a caption, without '#', in order of first appearance, repeats (same tagKey) dropped. */
export function extractHashtags(caption: string | null | undefined): string[] {
  if (!caption) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const match of caption.matchAll(HASHTAG_PATTERN)) {
    const body = match[1];
    if (body === undefined || !isTagBody(body)) continue;
    const key = tagKey(body);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(body);
  }
  return tags;
}

/** The caption as cards display it: hashtags removed, leftover runs of spaces collapsed, lines trimmed. */
export function stripHashtags(caption: string | null | undefined): string {
  if (!caption) return '';
  const withoutTags = caption.replace(HASHTAG_PATTERN, (whole, body: string) =>
    isTagBody(body) ? '' : whole,
  );
  return withoutTags
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The hashtag a style is written as, without '#': characters a hashtag cannot hold are removed
 * ('Plus Size' gives 'PlusSize'). Null when nothing taggable is left (no letter).
 */
export function styleToHashtag(style: string): string | null {
  const body = style.normalize('NFC').replace(NOT_TAG_CHAR, '');
  return isTagBody(body) ? body : null;
}

/**
 * The stored caption: the text followed by ' #Style' for each chosen style (section 3). A style whose tag is
 * already in the caption, or that has nothing taggable, is not added again.
 */
export function appendStyles(caption: string, styles: readonly string[]): string {
  const present = new Set(extractHashtags(caption).map(tagKey));
  let result = caption.trimEnd();
  for (const style of styles) {
    const tag = styleToHashtag(style);
    if (tag === null || present.has(tagKey(tag))) continue;
    present.add(tagKey(tag));
    result = result === '' ? `#${tag}` : `${result} #${tag}`;
  }
  return result;
}

const TRAILING_HASHTAG = /(?:^|\s+)#([\p{L}\p{M}\p{N}_]+)\s*$/u;

/**
 * The reverse of appendStyles, for the edit form: the hashtags at the end of the caption that name one of
 * `styles` are removed and returned as those styles (in caption order, spelled as in `styles`). It stops at
 * the first trailing hashtag that is not a known style, so hashtags the user wrote stay in the text.
 */
export function splitStyleHashtags(
  caption: string,
  styles: readonly string[] = STYLES,
): { caption: string; styles: string[] } {
  const byKey = new Map(styles.map((style) => [tagKey(style), style] as const));
  const found: string[] = [];
  let rest = caption.trimEnd();
  for (;;) {
    const match = TRAILING_HASHTAG.exec(rest);
    const body = match?.[1];
    if (!match || body === undefined || !isTagBody(body)) break;
    const style = byKey.get(tagKey(body));
    if (style === undefined) break;
    if (!found.includes(style)) found.unshift(style);
    rest = rest.slice(0, match.index).trimEnd();
  }
  return { caption: rest, styles: found };
}

/** Whether the text has Hebrew characters; cards then align the caption to the right. */
export function containsHebrew(text: string | null | undefined): boolean {
  return text ? HEBREW.test(text) : false;
}

/** The card's caption preview: first 50 characters plus '...' when longer (pass the stripped caption). */
export function truncateCaption(text: string, max: number = LIMITS.captionTruncateChars): TruncatedText {
  return truncateText(text, max);
}
