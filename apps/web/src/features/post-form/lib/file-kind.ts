import { SNIFF_BYTES, sniffFileType } from '@sys/shared';

/**
 * A photo or a video by the file's first bytes, the way the server decides; null for anything else (a
 * document renamed .png would otherwise become a broken preview and fail only when publishing).
 */
export async function fileKindOf(file: File): Promise<'image' | 'video' | null> {
  try {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    return sniffFileType(head)?.kind ?? null;
  } catch {
    return null;
  }
}
