import type { PostMedia } from '@sys/shared';
import { useState } from 'react';
import { usePlaceholderImageUrl } from '@/shared/lib/image-placeholder';
import { ownSrcSet } from '@/shared/lib/image-source';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';
import { FeedVideo, VideoStill } from '@/shared/ui/video';

export interface MediaFrameProps {
  media: PostMedia;
  alt: string;
  /** The first card's first photo: load it at once, with high priority. */
  priority?: boolean;
  /** Off screen at first (a carousel's later photos): its placeholder is decoded when the browser is idle. */
  offscreen?: boolean;
  className?: string;
  /**
   * How a video shows: 'feed' plays it as feed apps do (muted while in view, a tap for sound, its own
   * buttons); 'still' (grids) shows its first frame with a play mark.
   */
  video?: 'feed' | 'still';
  /** With `video: 'feed'`: a double tap on the video (the like). */
  onDoubleTap?: () => void;
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
 * One photo or video in a fixed 4:5 frame (nothing moves while it loads), cropped to fill it. Until a
 * photo has loaded, the frame shows its placeholder (the ThumbHash the server computed at upload,
 * decoded once per image) as its background, or the neutral surface colour when it has none. A video
 * plays as in a feed or stands still in a grid (`video`).
 */
export function MediaFrame({
  media,
  alt,
  priority = false,
  offscreen = false,
  className,
  video = 'still',
  onDoubleTap,
}: MediaFrameProps) {
  // The address that has loaded: a frame handed other media shows that media's placeholder again.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const loaded = loadedUrl === media.media_url;
  const placeholder = usePlaceholderImageUrl(media.placeholder, !offscreen);
  return (
    <div
      className={cn('relative aspect-[4/5] w-full overflow-hidden bg-subtle bg-cover bg-center', className)}
      style={placeholder && !loaded ? { backgroundImage: `url("${placeholder}")` } : undefined}
    >
      {media.media_type === 'video' ? (
        video === 'feed' ? (
          <FeedVideo
            src={media.media_url}
            label={alt}
            poster={media.poster_url}
            processing={media.status === 'processing'}
            onDoubleTap={onDoubleTap}
          />
        ) : (
          <VideoStill
            src={media.media_url}
            label={alt}
            poster={media.poster_url}
            processing={media.status === 'processing'}
          />
        )
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
          onLoad={() => setLoadedUrl(media.media_url)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}
