import { useParams } from 'react-router';
import { AlbumPostsView } from '@/features/albums/ui/album-posts-view';

/** /album/{albumId}/posts: the posts of an album (wishlist and profiles lead here). */
export default function AlbumPostsScreen() {
  const { albumId = '' } = useParams();
  return <AlbumPostsView key={albumId} albumId={albumId} back="/wishlist" />;
}
