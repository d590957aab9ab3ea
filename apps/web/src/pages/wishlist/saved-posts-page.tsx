import { useTranslation } from 'react-i18next';
import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { useSavedPostsQuery } from './api/get-saved-posts';
import {
  LoadMore,
  Miss,
  SavedCount,
  SearchBox,
  useDebounced,
  useSearchText,
  WishlistSignUp,
} from './ui/wishlist-parts';

function SavedPosts() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchText();
  const search = useDebounced(q.trim());
  const posts = useSavedPostsQuery(search);
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const total = posts.data?.pages[0]?.total;
  return (
    <div className="flex flex-col gap-4 pb-8">
      <SearchBox value={q} onChange={setQ} label={t('wishlist.searchPosts')} />
      {posts.isPending ? (
        <PostGridSkeleton columns={3} count={9} />
      ) : posts.isError && !posts.data ? (
        <LoadError title={t('wishlist.postsLoadError')} onRetry={() => void posts.refetch()} />
      ) : items.length === 0 ? (
        <Miss
          searching={search !== ''}
          empty={t('wishlist.noPosts')}
          emptyHint={t('wishlist.noPostsHint')}
          notFound={t('wishlist.postsNotFound')}
        />
      ) : (
        <>
          {total === undefined ? null : <SavedCount kind="posts" total={total} />}
          <PostGrid posts={items} columns={3} className="px-1" />
          <LoadMore show={posts.hasNextPage} onClick={() => void posts.fetchNextPage()} />
        </>
      )}
    </div>
  );
}

export default function SavedPostsScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  return (
    <>
      <PageHeader title={t('wishlist.savedPosts')} back="/wishlist" />
      {isLoading ? null : isSignedIn ? <SavedPosts /> : <WishlistSignUp />}
    </>
  );
}
