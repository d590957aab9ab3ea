import type { Profile, UpdateProfileBody } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { useSession } from '@/entities/viewer/model/use-session';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/v1/profiles/me with any subset of the profile's fields. */
export function updateMyProfile(body: UpdateProfileBody): Promise<Profile> {
  return apiRequest<Profile>('/profiles/me', { method: 'PATCH', body });
}

/** Saves profile fields; the own profile shows the answer at once, public copies are refetched. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => {
      if (user) queryClient.setQueryData(profileKeys.me(user.id), profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.publics() });
    },
  });
}
