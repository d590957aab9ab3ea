import type { Profile } from '@sys/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/entities/viewer/model/use-session';
import { apiRequest } from '@/shared/api/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/v1/profiles/me: the signed-in user's profile (created on first use). */
export function fetchMyProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/profiles/me', { signal });
}

export function myProfileQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: profileKeys.me(viewerId),
    queryFn: ({ signal }) => fetchMyProfile(signal),
  });
}

/** The signed-in user's profile; disabled for visitors and guests. */
export function useMyProfileQuery() {
  const { user } = useSession();
  return useQuery({ ...myProfileQueryOptions(user?.id ?? ''), enabled: !!user });
}
