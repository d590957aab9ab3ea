import { hasGuestPostDraft } from '@/shared/lib/local-storage';

/**
 * Where a fresh sign-in or sign-up leads: back to the post form when a guest's draft is waiting
 * (spec section 4, Create post), else home.
 */
export function pathAfterSignIn(): '/create-post' | '/' {
  return hasGuestPostDraft() ? '/create-post' : '/';
}
