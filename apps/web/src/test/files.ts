/** The first bytes of a PNG (its signature and the IHDR chunk's start): enough for the type check. */
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

/** A file the browser would take for a PNG photo (its bytes, not only its name, say so). */
export function pngFile(name = 'look.png'): File {
  return new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });
}

/** An MP4 video's start: an 'ftyp' box with the isom brand. */
export function mp4File(name = 'walk.mp4'): File {
  return new File([new TextEncoder().encode('\0\0\0\x18ftypisom')], name, { type: 'video/mp4' });
}
