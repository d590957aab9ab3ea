import type { PostMedia } from '@sys/shared';
import { ownSrcSet } from '@/shared/lib/image-source';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';

export interface MediaFrameProps {
  media: PostMedia;
  alt: string;
  /** The first card's first photo: load it at once, with high priority. */
  priority?: boolean;
  className?: string;
}

/** Widths the column shows a photo at: the full phone width, at most the app column (480 px). */
const SIZES = '(min-width: 480px) 480px, 100vw';

function srcSet(media: PostMedia): string | undefined {
  const candidates = [...media.variants];
  if (media.width && !media.variants.some((variant) => variant.width >= (media.width ?? 0))) {
    candidates.push({ url: media.media_url, width: media.width });
  }
  return ownSrcSet(candidates);
}

/**
 * One photo or video in a fixed 4:5 frame (nothing moves while it loads), cropped to fill it, over the
 * server's tiny blurred placeholder. Videos play inline, muted, with controls, and show their first frame.
 */
export function MediaFrame({ media, alt, priority = false, className }: MediaFrameProps) {
  return (
    <div className={cn('relative aspect-[4/5] w-full overflow-hidden bg-subtle', className)}>
      <OwnImage
        aria-hidden
        alt=""
        src={media.placeholder}
        className="absolute inset-0 size-full scale-110 object-cover blur-xl"
      />
      {media.media_type === 'video' ? (
        <video
          className="absolute inset-0 size-full bg-black/5 object-cover"
          // '#t=0.001' makes browsers paint the first frame before playing.
          src={`${media.media_url}#t=0.001`}
          muted
          playsInline
          controls
          preload="metadata"
          aria-label={alt}
        />
      ) : (
        <OwnImage
          src={media.media_url}
          srcSet={srcSet(media)}
          sizes={SIZES}
          alt={alt}
          width={media.width ?? undefined}
          height={media.height ?? undefined}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}
