import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeletePostMutation } from '../api/delete-post';
import { showToast } from '../utils/toast';

/** Deletes the post, says 'Post deleted' and goes to /profile; 'Failed to delete post.' otherwise. */
export function useDeletePost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useDeletePostMutation();
  const remove = (postId: string, onDone?: () => void) =>
    mutation.mutate(postId, {
      onSuccess: () => {
        onDone?.();
        void showToast('success', t('deletePost.deleted'));
        navigate('/profile', { replace: true });
      },
      onError: (error) => {
        onDone?.();
        void showToast('destructive', t('deletePost.error'), { description: error.message });
      },
    });
  return { remove, isPending: mutation.isPending };
}
