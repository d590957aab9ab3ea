import { thumbHashToDataURL } from 'thumbhash';

/** Decoded placeholders by their hash: a feed shows the same post many times (cards, grids, detail). */
const decoded = new Map<string, string | undefined>();
const MAX_DECODED = 300;

/**
 * The picture to draw while an image loads, as a data URL: the server's placeholder is the image's
 * ThumbHash in base64, decoded here to a ~32 px PNG (once per hash; a fraction of a millisecond) that
 * the browser stretches smoothly over the frame. Images uploaded before ThumbHash carry a tiny image
 * as a data URL, used as it is. Undefined when there is none or it does not decode.
 */
export function placeholderImageUrl(placeholder: string | null | undefined): string | undefined {
  if (!placeholder) return undefined;
  if (/^data:image\//i.test(placeholder)) return placeholder;
  if (decoded.has(placeholder)) return decoded.get(placeholder);
  let url: string | undefined;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    url = bytes.length >= 5 ? thumbHashToDataURL(bytes) : undefined;
  } catch {
    url = undefined;
  }
  if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value as string);
  decoded.set(placeholder, url);
  return url;
}
