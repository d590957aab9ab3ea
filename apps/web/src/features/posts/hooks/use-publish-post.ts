import type { Post } from '@sys/shared';
import { useRef, useState } from 'react';
import { useCreatePostMutation } from '../api/create-post';
import { useUpdatePostMutation } from '../api/update-post';
import { uploadMedia } from '../api/upload-media';
import { type PostFormValues, toPostBody } from '../utils/post-form-model';

/** Uploads the form's files one after the other, reporting 0-99 % of all their bytes. */
async function uploadFiles(
  values: PostFormValues,
  uploaded: Map<string, string>,
  onProgress: (percent: number) => void,
): Promise<void> {
  const pending: Array<{ key: string; file: File }> = [];
  for (const media of values.media) {
    if (media.file && !media.remoteUrl && !uploaded.has(media.id))
      pending.push({ key: media.id, file: media.file });
  }
  for (const item of values.items) {
    if (item.imageFile && !uploaded.has(item.key)) pending.push({ key: item.key, file: item.imageFile });
  }
  const total = pending.reduce((sum, { file }) => sum + file.size, 0) || 1;
  let done = 0;
  for (const { key, file } of pending) {
    const result = await uploadMedia(file, 'post-media', (loaded) =>
      onProgress(Math.min(99, Math.floor(((done + loaded) / total) * 100))),
    );
    uploaded.set(key, result.publicUrl);
    done += file.size;
  }
  onProgress(99);
}

/**
 * Publishing: files first (with progress), then the post in one request. Files already uploaded by an
 * attempt that failed later are not sent again.
 */
export function usePublishPost(postId?: string) {
  const create = useCreatePostMutation();
  const update = useUpdatePostMutation(postId ?? '');
  const uploaded = useRef(new Map<string, string>());
  const [progress, setProgress] = useState<number | null>(null);

  const publish = async (values: PostFormValues): Promise<Post> => {
    setProgress(0);
    try {
      await uploadFiles(values, uploaded.current, setProgress);
      const body = toPostBody(values, uploaded.current);
      return postId ? await update.mutateAsync(body) : await create.mutateAsync(body);
    } finally {
      setProgress(null);
    }
  };

  return { publish, progress, isPublishing: progress !== null };
}
