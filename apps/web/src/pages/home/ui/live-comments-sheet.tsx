import { usePostLiveUpdates } from '@/entities/post/api/use-post-live-updates';
import type { PostPanelProps } from '@/entities/post/ui/outfit-card';
import CommentsSheet from '@/features/comments/ui/comments-sheet';

/**
 * A feed card's comments, live while the sheet is open: others' comments and likes of that post
 * arrive as on the post's own page. One stream for the open post only, not one per card in view.
 */
export default function LiveCommentsSheet(props: PostPanelProps) {
  usePostLiveUpdates(props.open ? props.post.id : undefined);
  return <CommentsSheet {...props} />;
}
