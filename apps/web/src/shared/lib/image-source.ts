/** A path of this site: one slash, then neither a slash nor a backslash, no tab or line break at all. */
const SITE_PATH = /^\/(?![/\\])[^\t\n\r]*$/;

/**
 * Whether the browser may load an image from `src`: a file of this site (a path such as /media/… or
 * /guest-avatars/…, resolved exactly as the browser would), a data: image, or a blob: preview of a file
 * picked here. Anything else is someone else's address: the shop's own picture of a product saved before
 * SYS stored product images as its media, or an avatar link from sign-up metadata. Loading it would tell
 * that server who looks at what (a tracking pixel) or point the browser at a private address, so it is
 * never loaded; the Content-Security-Policy (img-src 'self' data: blob:) refuses it as well.
 */
export function isOwnImageSource(src: string | null | undefined): src is string {
  if (!src) return false;
  // Neither makes a request: a data: image is inline, and a blob: URL names memory of the page that
  // made it (another origin's cannot be loaded here).
  if (/^data:image\//i.test(src) || /^blob:/i.test(src)) return true;
  // The usual case, a path of this site, without parsing a URL (a feed's first page asks for about a
  // hundred: 25 ms of a phone's CPU, issue 20). A tab or line break anywhere goes to the parser: the
  // browser drops them, which could join two slashes.
  if (SITE_PATH.test(src)) return true;
  try {
    // Browsers drop tabs and newlines and read backslashes as slashes ('/\t/evil.example' is
    // '//evil.example'): the parsed URL's origin decides, never the text.
    return new URL(src, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** `srcset` without the candidates that are not our own (see isOwnImageSource); undefined when none is. */
export function ownSrcSet(candidates: readonly { url: string; width: number }[]): string | undefined {
  const own = candidates.filter((candidate) => isOwnImageSource(candidate.url));
  return own.length > 0
    ? own.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', ')
    : undefined;
}
