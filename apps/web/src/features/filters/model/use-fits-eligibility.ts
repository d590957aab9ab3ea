import { useQuery } from '@tanstack/react-query';
import { myProfileQueryOptions } from '@/entities/profile/api/get-my-profile';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { hasMeasurements } from '../lib/fits-params';

/**
 * Who may use 'Fits like me': a signed-in user whose profile has chest, waist and hip ('ready'); a signed-in
 * user without them is sent to Edit Profile; visitors and guests are asked to register.
 */
export type FitsEligibility = 'loading' | 'guest' | 'no-measurements' | 'ready';

/** `needed`: whether 'Fits like me' is on screen at all (the own profile is fetched only then). */
export function useFitsEligibility(needed = true): FitsEligibility {
  const { viewerId, isLoading } = useViewer();
  const profile = useQuery({ ...myProfileQueryOptions(viewerId ?? ''), enabled: needed && !!viewerId });
  if (isLoading) return 'loading';
  if (!viewerId) return 'guest';
  if (profile.isPending) return 'loading';
  // The profile failed to load: let the server decide (it answers 422 without measurements).
  if (!profile.data) return 'ready';
  return hasMeasurements(profile.data) ? 'ready' : 'no-measurements';
}
