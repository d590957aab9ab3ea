import type { WishlistSummary } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { AlbumCard, AlbumGrid, AlbumGridSkeleton } from '@/entities/album/ui/album-card';
import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';
import { useWishlistQuery } from './api/get-wishlist';
import {
  Miss,
  SavedProductRow,
  SearchBox,
  SectionHeader,
  useDebounced,
  useSearchText,
  WishlistSignUp,
} from './ui/wishlist-parts';

function WishlistContent() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchText();
  const search = useDebounced(q.trim());
  const wishlist = useWishlistQuery(search);
  const data = wishlist.data;
  const withQ = (path: string) => (search ? `${path}?q=${encodeURIComponent(search)}` : path);

  return (
    <div className="flex flex-col gap-6 pb-8">
      <SearchBox value={q} onChange={setQ} label={t('wishlist.search')} />
      {wishlist.isError && !data ? (
        <LoadError title={t('wishlist.loadError')} onRetry={() => void wishlist.refetch()} />
      ) : (
        <WishlistSections data={data} searching={search !== ''} withQ={withQ} />
      )}
    </div>
  );
}

/** The three sections, with skeletons (and no counts) until the summary arrives. */
function WishlistSections({
  data,
  searching,
  withQ,
}: {
  data: WishlistSummary | undefined;
  searching: boolean;
  withQ: (path: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="flex flex-col gap-3">
        <SectionHeader
          title={t('wishlist.savedPosts')}
          count={data?.counts.posts}
          seeAll={withQ('/wishlist/posts')}
        />
        {!data ? (
          <div className="px-1">
            <PostGridSkeleton columns={3} count={6} />
          </div>
        ) : data.posts.length === 0 ? (
          <Miss
            searching={searching}
            empty={t('wishlist.noPosts')}
            emptyHint={t('wishlist.noPostsHint')}
            notFound={t('wishlist.postsNotFound')}
          />
        ) : (
          <PostGrid posts={data.posts} columns={3} className="px-1" />
        )}
      </section>
      <section className="flex flex-col gap-2">
        <SectionHeader
          title={t('wishlist.savedProducts')}
          count={data?.counts.products}
          seeAll={withQ('/wishlist/products')}
        />
        {!data ? (
          <Skeleton className="mx-4 h-40" />
        ) : data.products.length === 0 ? (
          <Miss
            searching={searching}
            empty={t('wishlist.noProducts')}
            emptyHint={t('wishlist.noProductsHint')}
            notFound={t('wishlist.productsNotFound')}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-line px-4">
            {data.products.map((product) => (
              <SavedProductRow key={product.item.id} product={product} />
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-3">
        <SectionHeader
          title={t('wishlist.savedAlbums')}
          count={data?.counts.albums}
          seeAll={withQ('/wishlist/albums')}
        />
        {!data ? (
          <div className="px-4">
            <AlbumGridSkeleton count={2} />
          </div>
        ) : data.albums.length === 0 ? (
          <Miss
            searching={searching}
            empty={t('wishlist.noAlbums')}
            emptyHint={t('wishlist.noAlbumsHint')}
            notFound={t('wishlist.albumsNotFound')}
          />
        ) : (
          <div className="px-4">
            <AlbumGrid>
              {data.albums.map((album) => (
                <li key={album.id}>
                  <AlbumCard album={album} to={`/album/${album.id}/posts`} />
                </li>
              ))}
            </AlbumGrid>
          </div>
        )}
      </section>
    </>
  );
}

export default function WishlistScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  return (
    <>
      <PageHeader title={t('wishlist.title')} />
      {isLoading ? null : isSignedIn ? <WishlistContent /> : <WishlistSignUp />}
    </>
  );
}
