import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { isOwnImageSource } from '@/shared/lib/image-source';

export interface OwnImageProps extends Omit<ComponentPropsWithoutRef<'img'>, 'src'> {
  src: string | null | undefined;
  /** Shown instead when there is no image, or it is not one of ours. */
  fallback?: ReactNode;
}

/**
 * An <img> that only ever loads our own files (see isOwnImageSource): every picture the server hands
 * over (products, avatars, post media) goes through it, and an outside address gets the fallback.
 */
export function OwnImage({ src, fallback = null, alt, ...props }: OwnImageProps) {
  if (!isOwnImageSource(src)) return <>{fallback}</>;
  return <img src={src} alt={alt} {...props} />;
}
