import type { WordmarkArt } from '@/shared/ui/brand/logo-art';

declare global {
  /** The wordmark's paths, drawn at build time (vite.config.ts `define`, logo-art.ts drawWordmark). */
  const __SYS_WORDMARK__: WordmarkArt;
}
