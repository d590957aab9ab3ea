import { LIMITS, type Post } from '@sys/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isNotFound, usePostQuery } from '@/entities/post/api/get-post';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { postToFormValues } from '@/features/post-form/lib/post-form-model';
import { useIsPostDeleted } from '@/features/post-form/model/use-delete-post';
import { PostForm } from '@/features/post-form/ui/post-form';
import { PostFormSkeleton } from '@/features/post-form/ui/post-form-skeleton';
import { hasInAppHistory } from '@/shared/lib/history';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { showToast } from '@/shared/ui/show-toast';

/**
 * Edit Post: the owner only. Signed out: 'Sign in required' and /auth; someone else's post: 'Access
 * denied' and back; a missing post: 'Post not found' and home (spec sections 4 and 8).
 */
export default function EditPostScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { postId = '' } = useParams();
  const { viewerId, isSignedIn, isLoading } = useViewer();
  // Once the post is being deleted it is not loaded again, and the form stays until the screen leaves.
  const deleted = useIsPostDeleted(postId);
  const query = usePostQuery(postId, { enabled: !deleted });
  const left = useRef(false);

  const loaded = query.data && !query.isPlaceholderData ? query.data : undefined;
  const lastLoaded = useRef<Post | undefined>(undefined);
  if (loaded) lastLoaded.current = loaded;
  const post = loaded ?? (deleted ? lastLoaded.current : undefined);
  const isOwner = post !== undefined && post.author.id === viewerId;

  useEffect(() => {
    // A deletion leaves by itself (to the profile, 'Post deleted').
    if (left.current || isLoading || deleted) return;
    const leave = (to: string | -1) => {
      left.current = true;
      if (to === -1 && hasInAppHistory()) navigate(-1);
      else navigate(to === -1 ? '/' : to, { replace: true });
    };
    if (!isSignedIn) {
      void showToast('destructive', t('editPost.signInRequired'), {
        description: t('editPost.signInRequiredDescription'),
        duration: LIMITS.toastLongDurationMs,
      });
      leave('/auth');
    } else if (query.isError && isNotFound(query.error)) {
      void showToast('destructive', t('postDetail.notFound'));
      leave('/');
    } else if (post && !isOwner) {
      void showToast('destructive', t('editPost.accessDenied'), {
        description: t('editPost.accessDeniedDescription'),
      });
      leave(-1);
    }
  }, [isLoading, isSignedIn, isOwner, post, deleted, query.isError, query.error, navigate, t]);

  const initialValues = useMemo(() => (post && isOwner ? postToFormValues(post) : null), [post, isOwner]);

  return (
    <>
      <PageHeader title={t('screens.editPost.title')} back="/profile" />
      {initialValues ? (
        <PostForm mode="edit" postId={postId} initialValues={initialValues} />
      ) : query.isError && !isNotFound(query.error) ? (
        <EmptyState
          title={t('postDetail.loadError')}
          description={t('postDetail.loadErrorDescription')}
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('common.tryAgain')}
            </Button>
          }
        />
      ) : (
        <PostFormSkeleton />
      )}
    </>
  );
}
