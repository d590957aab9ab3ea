import type { Post } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MediaFrame } from '@/features/posts/components/media-frame';
import { authorName } from '@/features/posts/utils/post-display';

/** Posts as a grid of photos, each opening the post. */
export function PostGrid({ posts, columns = 2 }: { posts: readonly Post[]; columns?: 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <ul className={columns === 3 ? 'grid grid-cols-3 gap-1' : 'grid grid-cols-2 gap-2'}>
      {posts.map((post) => {
        const cover = post.media[0];
        const name = authorName(post.author) ?? t('card.user');
        return (
          <li key={post.id}>
            <Link to={`/post/${post.id}`} className="block overflow-hidden rounded-xl">
              {cover ? (
                <MediaFrame
                  media={cover}
                  alt={t('card.mediaAlt', { name, index: 1, count: post.media.length })}
                />
              ) : (
                <span className="block aspect-[4/5] bg-subtle" />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
