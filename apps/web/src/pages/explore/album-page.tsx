import { useParams } from 'react-router';
import { AlbumPostsView } from '@/features/albums/ui/album-posts-view';

/** /explore/albums/{albumId}: a public album, from Explore's Fashion Albums. */
export default function AlbumScreen() {
  const { albumId = '' } = useParams();
  return <AlbumPostsView key={albumId} albumId={albumId} back="/explore/albums" />;
}
