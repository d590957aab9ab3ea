import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type KnownApiErrors, useApiErrorText } from '@/shared/api/use-api-error-text';
import { showToast } from '@/shared/ui/show-toast';
import { useDeletePostMutation } from '../api/delete-post';

/** Deletes the post, says 'Post deleted' and goes to /profile; 'Failed to delete post.' otherwise. */
export function useDeletePost() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useDeletePostMutation();
  const errorText = useApiErrorText();
  const known: KnownApiErrors = (error) =>
    error.status === 404
      ? t('postMessages.postNotFound')
      : error.status === 403
        ? t('postMessages.notOwner')
        : undefined;
  const remove = (postId: string, onDone?: () => void) =>
    mutation.mutate(postId, {
      onSuccess: () => {
        onDone?.();
        void showToast('success', t('deletePost.deleted'));
        navigate('/profile', { replace: true });
      },
      onError: (error) => {
        onDone?.();
        void showToast('destructive', t('deletePost.error'), { description: errorText(error, known) });
      },
    });
  return { remove, isPending: mutation.isPending };
}
