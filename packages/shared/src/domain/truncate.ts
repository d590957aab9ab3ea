import { LIMITS } from '../constants/limits.ts';

export const ELLIPSIS = '...';

export interface TruncatedText {
  text: string;
  truncated: boolean;
}

/**
 * The first `max` characters plus '...' when the text is longer. Characters are Unicode code points, so an
 * emoji or a Hebrew letter with its surrogate pair is never cut in half.
 */
export function truncateText(text: string, max: number): TruncatedText {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: chars.slice(0, max).join('') + ELLIPSIS, truncated: true };
}

/** The own-profile bio preview: first 20 characters plus '...' when longer. */
export function truncateBio(bio: string, max: number = LIMITS.bioPreviewChars): string {
  return truncateText(bio, max).text;
}
