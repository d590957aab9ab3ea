import type { Post } from '@sys/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/shared/ui/cn';
import { Skeleton } from '@/shared/ui/skeleton';
import { authorName } from '../lib/post-display';
import { MediaFrame } from './media-frame';

export interface PostGridProps {
  posts: readonly Post[];
  columns: 2 | 3;
  className?: string;
  /** A control laid over each thumbnail (an album owner's "remove"), given the post and its label. */
  action?: (post: Post, label: string) => ReactNode;
}

// The phone's 2 or 3 columns; wider screens add columns (3 on a tablet, 4 on a laptop, 5 on a desktop),
// so a thumbnail stays about the size of a phone's. Every thumbnail is 4:5, so the rows line up and the
// reading order (row by row) is the order of the list.
const columnClasses = {
  2: 'grid-cols-2 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5',
  3: 'grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5',
} as const;

/** Posts as a grid of 4:5 thumbnails, each opening /post/{id} (profile tabs, wishlist, albums). */
export function PostGrid({ posts, columns, className, action }: PostGridProps) {
  const { t } = useTranslation();
  return (
    <ul className={cn('grid gap-1', columnClasses[columns], className)}>
      {posts.map((post) => {
        const first = post.media[0];
        const label = post.caption.trim() || t('profile.postBy', { name: authorName(post.author) ?? '' });
        return (
          <li key={post.id} className={action ? 'relative' : undefined}>
            <Link
              to={`/post/${post.id}`}
              className="block overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {first ? (
                <MediaFrame media={first} alt={label} />
              ) : (
                <span className="block aspect-[4/5] bg-subtle">
                  <span className="sr-only">{label}</span>
                </span>
              )}
            </Link>
            {action?.(post, label)}
          </li>
        );
      })}
    </ul>
  );
}

export function PostGridSkeleton({ columns, count }: { columns: 2 | 3; count: number }) {
  return (
    <div aria-hidden className={cn('grid gap-1', columnClasses[columns])}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="aspect-[4/5] rounded-md" />
      ))}
    </div>
  );
}
