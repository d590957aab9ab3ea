import type { Author } from '@sys/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthorAvatar } from './author-avatar';

/**
 * A person in a list of people (blocked, muted): avatar, name linking to the profile (plain text for an
 * account without a username), the display name when it differs, and the row's one action at the end.
 */
export function PersonRow({ person, name, action }: { person: Author; name: string; action: ReactNode }) {
  return (
    <li className="flex items-center gap-3 px-4 py-2">
      <AuthorAvatar url={person.avatar_url} className="size-11" />
      <div className="min-w-0 flex-1">
        {person.username ? (
          <Link
            to={`/profile/${encodeURIComponent(person.username)}`}
            dir="auto"
            className="block truncate text-[15px] font-semibold text-ink"
          >
            <bdi>{name}</bdi>
          </Link>
        ) : (
          <p dir="auto" className="truncate text-[15px] font-semibold text-ink">
            <bdi>{name}</bdi>
          </p>
        )}
        {person.display_name && person.display_name !== name ? (
          <p className="truncate text-sm text-muted" dir="auto">
            {person.display_name}
          </p>
        ) : null}
      </div>
      {action}
    </li>
  );
}
