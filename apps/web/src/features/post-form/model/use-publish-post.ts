import type { SavedPost } from '@sys/shared';
import { useRef, useState } from 'react';
import { uploadMedia } from '@/shared/api/upload-media';
import { useCreatePostMutation } from '../api/create-post';
import { useUpdatePostMutation } from '../api/update-post';
import { type PostFormValues, toPostBody } from '../lib/post-form-model';

/** Which file could not be uploaded: photo or video `number` of the gallery, or product `number`'s image. */
export class UploadError extends Error {
  constructor(
    readonly kind: 'media' | 'itemImage',
    /** 1-based, as the form shows it. */
    readonly number: number,
    readonly fileName: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'UploadError';
  }
}

/** A file already stored: which file it was (a product's image can be replaced) and where it went. */
interface StoredFile {
  file: File;
  url: string;
}

interface PendingFile {
  key: string;
  file: File;
  kind: UploadError['kind'];
  number: number;
}

/** Uploads the form's files one after the other, reporting 0-99 % of all their bytes. */
async function uploadFiles(
  values: PostFormValues,
  uploaded: Map<string, StoredFile>,
  onProgress: (percent: number) => void,
): Promise<void> {
  const pending: PendingFile[] = [];
  const isStored = (key: string, file: File) => uploaded.get(key)?.file === file;
  for (const [index, media] of values.media.entries()) {
    if (media.file && !media.remoteUrl && !isStored(media.id, media.file))
      pending.push({ key: media.id, file: media.file, kind: 'media', number: index + 1 });
  }
  for (const [index, item] of values.items.entries()) {
    if (item.imageFile && !isStored(item.key, item.imageFile))
      pending.push({ key: item.key, file: item.imageFile, kind: 'itemImage', number: index + 1 });
  }
  const total = pending.reduce((sum, { file }) => sum + file.size, 0) || 1;
  let done = 0;
  for (const { key, file, kind, number } of pending) {
    let publicUrl: string;
    try {
      ({ public_url: publicUrl } = await uploadMedia(file, 'post-media', (loaded) =>
        onProgress(Math.min(99, Math.floor(((done + loaded) / total) * 100))),
      ));
    } catch (error) {
      throw new UploadError(kind, number, file.name, error);
    }
    uploaded.set(key, { file, url: publicUrl });
    done += file.size;
  }
  onProgress(99);
}

/**
 * Publishing: files first (with progress), then the post in one request. Files already uploaded (by an
 * attempt that failed later, or a product's image uploaded when it was picked) are not sent again. A
 * file that cannot be uploaded fails with UploadError, which says which one.
 */
export function usePublishPost(postId?: string) {
  const create = useCreatePostMutation();
  const update = useUpdatePostMutation(postId ?? '');
  const uploaded = useRef(new Map<string, StoredFile>());
  const inflight = useRef(new Map<string, Promise<void>>());
  const [progress, setProgress] = useState<number | null>(null);

  /** Uploads a product's image as soon as it is picked; publishing then only waits for it. */
  const uploadItemImage = (key: string, number: number, file: File): Promise<void> => {
    // Started from a resolved promise: whatever the upload throws becomes this task's failure.
    const task = Promise.resolve()
      .then(() => uploadMedia(file, 'post-media', () => undefined))
      .then(({ public_url: url }) => {
        uploaded.current.set(key, { file, url });
      })
      .catch((error: unknown) => {
        throw new UploadError('itemImage', number, file.name, error);
      })
      .finally(() => {
        if (inflight.current.get(key) === task) inflight.current.delete(key);
      });
    inflight.current.set(key, task);
    return task;
  };

  const publish = async (values: PostFormValues): Promise<SavedPost> => {
    setProgress(0);
    try {
      // An image still on its way is not sent twice; one that failed is tried again below.
      await Promise.allSettled(inflight.current.values());
      await uploadFiles(values, uploaded.current, setProgress);
      const urls = new Map([...uploaded.current].map(([key, { url }]) => [key, url]));
      const body = toPostBody(values, urls);
      return postId ? await update.mutateAsync(body) : await create.mutateAsync(body);
    } finally {
      setProgress(null);
    }
  };

  return { publish, uploadItemImage, progress, isPublishing: progress !== null };
}
