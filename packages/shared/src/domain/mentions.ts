import { PROFILE_LIMITS } from '../constants/profile.ts';

/*
 * Mention rules (issue 19; one place, used by the server to find whom a caption or comment mentions and
 * by the web app to draw them as links):
 * - A mention is '@' followed by a username as usernames may be written (packages/shared/schemas/people.ts:
 *   letters A-Z, digits, '.', '_' and '-', 3-30 characters).
 * - The '@' must not follow a username character or another '@', so an e-mail address ('ana@mail.com')
 *   and '@@ana' mention nobody.
 * - Dots and hyphens at the end belong to the sentence, not the name: 'thanks @ana.' mentions 'ana'.
 * - Two mentions are the same person when they are equal ignoring case (usernames are unique that way).
 */

const MENTION_PATTERN = /(?<![A-Za-z0-9._@-])@([A-Za-z0-9._-]+)/g;
const TRAILING_PUNCTUATION = /[.-]+$/;

/** A piece of text as it is drawn: plain text, or a mention of `username` (written as `text`). */
export type MentionSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string };

function mentionedName(body: string): string | null {
  const name = body.replace(TRAILING_PUNCTUATION, '');
  if (name.length < PROFILE_LIMITS.usernameMinChars || name.length > PROFILE_LIMITS.usernameMaxChars) {
    return null;
  }
  return name;
}

/** The text cut into plain runs and mentions, in order; joined again they give the text back. */
export function splitMentions(text: string | null | undefined): MentionSegment[] {
  if (!text) return [];
  const segments: MentionSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = mentionedName(match[1] ?? '');
    if (name === null) continue;
    const start = match.index;
    if (start > from) segments.push({ kind: 'text', text: text.slice(from, start) });
    segments.push({ kind: 'mention', text: `@${name}`, username: name });
    from = start + 1 + name.length;
  }
  if (from < text.length) segments.push({ kind: 'text', text: text.slice(from) });
  return segments;
}

/** The usernames a text mentions, lower-cased, each once, in order of first mention. */
export function extractMentions(text: string | null | undefined): string[] {
  const names = new Set<string>();
  for (const segment of splitMentions(text)) {
    if (segment.kind === 'mention') names.add(segment.username.toLowerCase());
  }
  return [...names];
}

/**
 * The mention being typed at `caret`: the '@' and the name so far (possibly empty), or null when the
 * caret is not at the end of a word that starts a mention. For the suggestions while typing.
 */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?<![A-Za-z0-9._@-])@([A-Za-z0-9._-]*)$/.exec(before);
  if (!match) return null;
  const query = match[1] ?? '';
  if (query.length > PROFILE_LIMITS.usernameMaxChars) return null;
  return { start: match.index, query };
}
