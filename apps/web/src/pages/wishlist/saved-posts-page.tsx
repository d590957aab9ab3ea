import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { useSavedPostsQuery } from './api/get-saved-posts';
import { SavedListPage } from './ui/saved-list-page';

export default function SavedPostsScreen() {
  return (
    <SavedListPage
      kind="posts"
      useItems={useSavedPostsQuery}
      skeleton={<PostGridSkeleton columns={3} count={9} />}
      list={(items) => <PostGrid posts={items} columns={3} className="px-1" />}
    />
  );
}
