import { useMutationState } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type KnownApiErrors, useApiErrorText } from '@/shared/api/use-api-error-text';
import { showToast } from '@/shared/ui/show-toast';
import { deletePostMutationKey, useDeletePostMutation } from '../api/delete-post';

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

/**
 * Whether `postId` is being deleted or was deleted here. The screen showing it must then stop loading it:
 * the deletion drops the post from the caches, and loading it again answers 404, which would send the
 * screen home with 'Post not found' while the deletion goes to the profile with 'Post deleted'.
 */
export function useIsPostDeleted(postId: string): boolean {
  return (
    useMutationState({
      filters: {
        mutationKey: deletePostMutationKey,
        predicate: (mutation) => mutation.state.variables === postId && mutation.state.status !== 'error',
      },
    }).length > 0
  );
}
