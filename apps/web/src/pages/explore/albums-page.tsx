import { GalleryVerticalEndIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAlbumsQuery } from '@/entities/album/api/get-albums';
import { AlbumCard, AlbumGrid, AlbumGridSkeleton } from '@/entities/album/ui/album-card';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';

/** /explore/albums: every public album with posts, newest first. */
export default function AlbumsScreen() {
  const { t } = useTranslation();
  const albums = useAlbumsQuery({ kind: 'public' });
  const items = albums.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="pb-8">
      <PageHeader title={t('albums.exploreTitle')} back="/explore" />
      <div className="px-4">
        {albums.isPending ? (
          <AlbumGridSkeleton count={6} />
        ) : albums.isError ? (
          <EmptyState
            title={t('albums.loadError')}
            action={<Button onClick={() => void albums.refetch()}>{t('albums.tryAgain')}</Button>}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={<GalleryVerticalEndIcon />} title={t('albums.noneYet')} />
        ) : (
          <>
            <AlbumGrid>
              {items.map((album) => (
                <li key={album.id}>
                  <AlbumCard album={album} to={`/explore/albums/${album.id}`} />
                </li>
              ))}
            </AlbumGrid>
            {albums.hasNextPage ? (
              <div className="flex justify-center py-4">
                <Button variant="outline" size="sm" onClick={() => void albums.fetchNextPage()}>
                  {t('albums.showMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
