import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { loadPostDraft } from '@/features/post-form/lib/post-draft';
import { emptyPostForm, type PostFormValues } from '@/features/post-form/lib/post-form-model';
import { PostForm } from '@/features/post-form/ui/post-form';
import { PostFormSkeleton } from '@/features/post-form/ui/post-form-skeleton';
import { hasStoredPostDraft } from '@/shared/lib/local-storage';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { showToast } from '@/shared/ui/show-toast';

/**
 * Create Post. A waiting draft (a visitor's saved when they pressed Publish, or this author's own, saved
 * as they went) comes back with its files: 'Form restored'. It stays saved (a reload brings it back again)
 * until the post is published or the user discards it.
 */
export default function CreatePostScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading, viewerId } = useViewer();
  const [initial, setInitial] = useState<PostFormValues | null>(null);
  const [restored, setRestored] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    void (async () => {
      const draft = hasStoredPostDraft() ? await loadPostDraft(viewerId).catch(() => null) : null;
      if (draft) void showToast('success', t('postForm.restored'));
      setRestored(draft !== null);
      setInitial(draft ?? emptyPostForm());
    })();
  }, [isLoading, t, viewerId]);

  return (
    <>
      <PageHeader title={t('screens.createPost.title')} back />
      {!isLoading && !isSignedIn ? (
        <p className="mx-4 mb-4 rounded-xl bg-accent-50 px-4 py-3 text-sm text-accent-800">
          {t('postForm.signedOutNote')}
        </p>
      ) : null}
      {initial ? (
        <PostForm mode="create" initialValues={initial} restoredDraft={restored} />
      ) : (
        <PostFormSkeleton />
      )}
    </>
  );
}
