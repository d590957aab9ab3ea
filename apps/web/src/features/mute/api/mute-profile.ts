import type { MuteState } from '@sys/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { muteKeys } from './mute-keys';

/** GET /api/v1/mutes/{profileId}: whether the viewer muted this person. */
export function fetchMuteState(profileId: string, signal?: AbortSignal): Promise<MuteState> {
  return apiRequest<MuteState>(`/mutes/${encodeURIComponent(profileId)}`, { signal });
}

/** POST or DELETE /api/v1/mutes/{profileId}. */
export function setMuted(profileId: string, muted: boolean): Promise<MuteState> {
  return apiRequest<MuteState>(`/mutes/${encodeURIComponent(profileId)}`, {
    method: muted ? 'POST' : 'DELETE',
  });
}

export function muteStateQueryOptions(viewerId: string, profileId: string) {
  return queryOptions({
    queryKey: muteKeys.state(viewerId, profileId),
    queryFn: ({ signal }) => fetchMuteState(profileId, signal),
  });
}

/** Whether the signed-in viewer muted `profileId` (nothing is asked for visitors). */
export function useMuteStateQuery(profileId: string | null) {
  const { viewerId } = useViewer();
  return useQuery({
    ...muteStateQueryOptions(viewerId ?? '', profileId ?? ''),
    enabled: viewerId !== null && profileId !== null,
  });
}

/** Mute or unmute a person: the state is set from the answer and the list of muted people refetched. */
export function useMuteMutation(profileId: string) {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: (muted: boolean) => setMuted(profileId, muted),
    onSuccess: (state) => {
      if (viewerId === null) return;
      queryClient.setQueryData(muteKeys.state(viewerId, profileId), state);
      void queryClient.invalidateQueries({ queryKey: muteKeys.list(viewerId) });
    },
  });
}
