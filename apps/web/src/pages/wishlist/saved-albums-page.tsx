import { useSavedAlbumsQuery } from '@/entities/album/api/get-albums';
import { AlbumCard, AlbumGrid, AlbumGridSkeleton } from '@/entities/album/ui/album-card';
import { SavedListPage } from './ui/saved-list-page';

/** No search is the list of every saved album. */
function useSavedAlbums(search: string) {
  return useSavedAlbumsQuery(search || undefined);
}

export default function SavedAlbumsScreen() {
  return (
    <SavedListPage
      kind="albums"
      inset
      useItems={useSavedAlbums}
      skeleton={<AlbumGridSkeleton />}
      list={(items) => (
        <AlbumGrid>
          {items.map((album) => (
            <li key={album.id}>
              <AlbumCard album={album} to={`/album/${album.id}/posts`} />
            </li>
          ))}
        </AlbumGrid>
      )}
    />
  );
}
