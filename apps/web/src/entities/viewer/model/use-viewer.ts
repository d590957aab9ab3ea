import { useSession } from './use-session';

export interface Viewer {
  /** The signed-in user's id; null for visitors and guests (a guest's profile is local only). */
  viewerId: string | null;
  isSignedIn: boolean;
  /** The stored session is still being read: what the viewer may do is not known yet. */
  isLoading: boolean;
}

/** Who is looking at posts. Posts carry the viewer's own state (liked, saved), so query keys include it. */
export function useViewer(): Viewer {
  const { user, isLoading } = useSession();
  return { viewerId: user?.id ?? null, isSignedIn: user !== null, isLoading };
}
