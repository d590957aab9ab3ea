import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { AppError } from '../../lib/errors.ts';

/** Widths of the WebP copies made of uploaded images (srcset); only those narrower than the image are made. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1080] as const;

/**
 * Images with more pixels are refused before they are decoded: a small PNG can declare 50,000 x 50,000
 * pixels and take gigabytes to decode (a decompression bomb). 70 MP still admits 48 MP phone photos.
 */
export const MAX_INPUT_PIXELS = 70_000_000;

/** The stored image is re-encoded at most this many pixels on its long side. */
const MAX_STORED_SIDE = 4096;
/** ThumbHash reads at most 100 x 100 pixels; its detail would not use more. */
const THUMBHASH_SIDE = 100;

type OutputFormat = 'jpeg' | 'png' | 'webp';

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  main: EncodedImage & { mimeType: string; extension: string };
  variants: Array<EncodedImage & { targetWidth: number }>;
  /**
   * The image's ThumbHash in base64 (about 30 characters): its colours and rough shapes, which the web
   * app draws while the real image loads.
   */
  placeholder: string;
}

const OUTPUT: Record<OutputFormat, { mimeType: string; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
};

const invalidType = () => new AppError(415, 'unsupported_media_type', 'Invalid file type');
const tooManyPixels = () =>
  new AppError(413, 'payload_too_large', 'File too large', { reason: 'The image has too many pixels' });

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function open(input: string | Buffer): sharp.Sharp {
  // failOn 'error': a truncated or corrupt file is refused rather than stored half-decoded.
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

/** The ThumbHash (base64) of an image: computed from an RGBA copy at most 100 px on its long side. */
export async function thumbHashOf(image: sharp.Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: THUMBHASH_SIDE, height: THUMBHASH_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * Re-encodes an uploaded image: orientation applied (rotate() reads EXIF Orientation), all metadata
 * dropped (sharp writes none unless asked, so EXIF, GPS and XMP are gone), plus WebP variants and a
 * ThumbHash placeholder. HEIF/AVIF inputs are stored as JPEG, which every browser shows. Takes a file path (uploads)
 * or the bytes themselves (the demo seed's generated pictures).
 */
export async function processImage(file: string | Buffer): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    const metadata = await open(file).metadata();
    format = metadata.format;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw isPixelLimitError(error) ? tooManyPixels() : invalidType();
  }
  const outputFormat: OutputFormat | undefined =
    format === 'jpeg' || format === 'png' || format === 'webp'
      ? format
      : format === 'heif'
        ? 'jpeg'
        : undefined;
  if (!outputFormat) throw invalidType();

  try {
    const base = open(file).rotate();
    const mainPipeline = base
      .clone()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      outputFormat === 'jpeg'
        ? mainPipeline.jpeg({ quality: 85, mozjpeg: true })
        : outputFormat === 'png'
          ? mainPipeline.png({ compressionLevel: 7 })
          : mainPipeline.webp({ quality: 85 });
    const main = await encoded.toBuffer({ resolveWithObject: true });

    // Only narrower copies: a 500 px image gets a 320 px variant and is its own larger size.
    const variantWidths = IMAGE_VARIANT_WIDTHS.filter((width) => width < main.info.width);
    const variants = await Promise.all(
      variantWidths.map(async (targetWidth) => {
        const { data, info } = await base
          .clone()
          .resize({ width: targetWidth })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { targetWidth, data, width: info.width, height: info.height };
      }),
    );

    const placeholder = await thumbHashOf(base.clone());

    return {
      main: { data: main.data, width: main.info.width, height: main.info.height, ...OUTPUT[outputFormat] },
      variants,
      placeholder,
    };
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    // The header looked like an image but the data does not decode (or the codec, e.g. HEVC, is missing).
    throw invalidType();
  }
}
