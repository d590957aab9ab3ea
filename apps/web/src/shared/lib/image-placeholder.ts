import { useEffect, useState } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import { whenIdle } from './when-idle';

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

/** Whether `placeholder`'s picture is at hand without decoding: none, a data URL, or decoded before. */
function atHand(placeholder: string | null | undefined): boolean {
  return !placeholder || /^data:image\//i.test(placeholder) || decoded.has(placeholder);
}

/**
 * placeholderImageUrl for a frame: decoded during the render when `now` (a photo on screen), else when
 * the browser is next idle (a carousel's later photos, seen only after a swipe). Decoding costs a phone
 * about 2 ms a photo, and a feed's first page has dozens of them (issue 20). Undefined until decoded.
 */
export function usePlaceholderImageUrl(
  placeholder: string | null | undefined,
  now: boolean,
): string | undefined {
  const ready = now || atHand(placeholder);
  const [, setDecodedFor] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => {
      placeholderImageUrl(placeholder);
      setDecodedFor(placeholder);
    }, 1000);
  }, [placeholder, ready]);
  return ready ? placeholderImageUrl(placeholder) : undefined;
}
