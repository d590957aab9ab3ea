import { splitMentions } from '@sys/shared';
import { Link } from 'react-router';

/**
 * A caption or a comment with each '@username' drawn as a link to that profile (the server's rules for
 * what a mention is, from packages/shared). A handle is Latin: it is isolated and set left-to-right so
 * a Hebrew sentence around it does not reorder it. A name nobody has leads to the profile page's 404.
 */
export function MentionText({ text }: { text: string }) {
  const segments = splitMentions(text);
  // Most texts mention nobody: they stay one text node, as before mentions existed.
  if (segments.every((segment) => segment.kind === 'text')) return text;
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order, never reordered
          <span key={index}>{segment.text}</span>
        ) : (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            key={index}
            to={`/profile/${encodeURIComponent(segment.username)}`}
            className="font-medium text-accent-700 hover:underline"
          >
            <bdi dir="ltr">{segment.text}</bdi>
          </Link>
        ),
      )}
    </>
  );
}
