/**
 * Sharing (spec section 8): the device share sheet where there is one (a cancelled sheet is not an
 * error), otherwise the link is copied to the clipboard. The caller shows the toast, in its own words.
 */

export interface ShareData {
  url: string;
  title?: string;
  text?: string;
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : (error as Error)?.name === 'AbortError';
}

export async function shareLink(data: ShareData): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (isAbortError(error)) return 'cancelled';
      // Any other failure (not allowed, not supported for this data): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** WhatsApp's share link for `text`: opens the app on a phone, WhatsApp Web elsewhere. */
export function messagingAppLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export type InviteOutcome = 'shared' | 'cancelled' | 'opened';

/**
 * The Invite action (spec section 1): the invite message through the device share sheet (a cancelled
 * sheet is not an error); without a sheet, or when it fails, through a messaging app's link in a new tab.
 * `text` carries the site's address itself, so every share target gets it.
 */
export async function shareInvite(text: string): Promise<InviteOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ text });
      return 'shared';
    } catch (error) {
      if (isAbortError(error)) return 'cancelled';
    }
  }
  window.open(messagingAppLink(text), '_blank', 'noopener,noreferrer');
  return 'opened';
}
