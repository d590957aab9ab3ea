import { useMutation } from '@tanstack/react-query';
import { uploadMedia } from '@/shared/api/upload-media';
import { useUpdateProfileMutation } from './update-profile';

/** Which step failed: the upload itself, or saving the new address on the profile. */
export class AvatarError extends Error {
  constructor(
    readonly step: 'upload' | 'update',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'AvatarError';
  }
}

/** Uploads a photo to the `avatars` bucket, then makes it the profile's avatar. */
export function useUploadAvatarMutation() {
  const update = useUpdateProfileMutation();
  return useMutation({
    mutationFn: async (file: File) => {
      let publicUrl: string;
      try {
        publicUrl = (await uploadMedia(file, 'avatars', () => {})).public_url;
      } catch (error) {
        throw new AvatarError('upload', error);
      }
      try {
        return await update.mutateAsync({ avatar_url: publicUrl });
      } catch (error) {
        throw new AvatarError('update', error);
      }
    },
  });
}
