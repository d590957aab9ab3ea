import type { BlockState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

/** POST or DELETE /api/v1/blocks/{profileId}. */
export function setBlocked(profileId: string, blocked: boolean): Promise<BlockState> {
  return apiRequest<BlockState>(`/blocks/${encodeURIComponent(profileId)}`, {
    method: blocked ? 'POST' : 'DELETE',
  });
}

/**
 * Block or unblock a person. A block changes nearly everything the viewer sees (feeds, comments, the
 * person's profile, conversations, follows), so every cached list is refetched rather than patched.
 */
export function useBlockMutation(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(profileId, blocked),
    // Not awaited: the screen that asked (a dialog, a button that the refetch removes) hears of the
    // success at once.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
