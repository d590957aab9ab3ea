import { useTranslation } from 'react-i18next';
import { useSavedAlbumsQuery } from '@/entities/album/api/get-albums';
import { AlbumCard, AlbumGrid, AlbumGridSkeleton } from '@/entities/album/ui/album-card';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import {
  LoadMore,
  Miss,
  SavedCount,
  SearchBox,
  useDebounced,
  useSearchText,
  WishlistSignUp,
} from './ui/wishlist-parts';

function SavedAlbums() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchText();
  const search = useDebounced(q.trim());
  const albums = useSavedAlbumsQuery(search || undefined);
  const items = albums.data?.pages.flatMap((page) => page.items) ?? [];
  const total = albums.data?.pages[0]?.total;
  return (
    <div className="flex flex-col gap-4 px-4 pb-8">
      <div className="-mx-4">
        <SearchBox value={q} onChange={setQ} label={t('wishlist.searchAlbums')} />
      </div>
      {albums.isPending ? (
        <AlbumGridSkeleton />
      ) : albums.isError && !albums.data ? (
        <LoadError title={t('wishlist.albumsLoadError')} onRetry={() => void albums.refetch()} />
      ) : items.length === 0 ? (
        <Miss
          searching={search !== ''}
          empty={t('wishlist.noAlbums')}
          emptyHint={t('wishlist.noAlbumsHint')}
          notFound={t('wishlist.albumsNotFound')}
        />
      ) : (
        <>
          {total === undefined ? null : (
            <div className="-mx-4">
              <SavedCount kind="albums" total={total} />
            </div>
          )}
          <AlbumGrid>
            {items.map((album) => (
              <li key={album.id}>
                <AlbumCard album={album} to={`/album/${album.id}/posts`} />
              </li>
            ))}
          </AlbumGrid>
          <LoadMore show={albums.hasNextPage} onClick={() => void albums.fetchNextPage()} />
        </>
      )}
    </div>
  );
}

export default function SavedAlbumsScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  return (
    <>
      <PageHeader title={t('wishlist.savedAlbums')} back="/wishlist" />
      {isLoading ? null : isSignedIn ? <SavedAlbums /> : <WishlistSignUp />}
    </>
  );
}
