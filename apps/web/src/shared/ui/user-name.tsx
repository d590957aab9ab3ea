import type { ReactNode } from 'react';

/*
 * User text (usernames, display names) shown next to translated text. Without isolation, the Unicode
 * bidi algorithm reorders it inside a Hebrew line: "@noa.levi" is drawn "noa.levi@" and a trailing dot
 * or underscore jumps to the other end. <bdi> isolates it; a handle is always Latin, so it is also set
 * left-to-right.
 */

/** `@username`, isolated and left-to-right in any language. */
export function Handle({ username, className }: { username: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      @{username}
    </bdi>
  );
}

/** A display name or a bare username: isolated, in the direction of its own first strong letter. */
export function UserName({ children, className }: { children: ReactNode; className?: string }) {
  return <bdi className={className}>{children}</bdi>;
}

/** The same isolation for a name inside a plain string (a toast, a label): first-strong isolate ... pop. */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
