import type { PostMedia } from '@sys/shared';
import { HeartIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePhotoTaps } from '@/shared/lib/use-photo-taps';
import { useReducedMotion } from '@/shared/lib/use-reduced-motion';
import { cn } from '@/shared/ui/cn';
import { MediaFrame } from './media-frame';

export interface PostMediaViewProps {
  postId: string;
  media: readonly PostMedia[];
  authorName: string;
  /** Photos open /post/{id} (not on the post's own page). */
  linkToPost?: boolean;
  priority?: boolean;
  /**
   * A double tap on a photo (Instagram's like): returns whether the post is now liked, which shows a
   * heart over the photo (not when the person asks for reduced motion).
   */
  onDoubleTap?: () => boolean;
}

/**
 * A post's media: one frame, or a swipeable carousel (scroll snapping) with dots when there are several.
 * Photos open the post; videos play in place (see FeedVideo).
 */
export function PostMediaView({
  postId,
  media,
  authorName,
  linkToPost = true,
  priority,
  onDoubleTap,
}: PostMediaViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reducedMotion = useReducedMotion();
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // A new key per double tap restarts the heart's animation.
  const [heart, setHeart] = useState<number | null>(null);
  const count = media.length;
  const postPath = `/post/${postId}`;

  const likeByDoubleTap = onDoubleTap
    ? () => {
        if (onDoubleTap() && !reducedMotion) setHeart((key) => (key ?? 0) + 1);
      }
    : undefined;
  const onPhotoClick = usePhotoTaps({
    onSingle: linkToPost ? () => navigate(postPath) : undefined,
    onDouble: likeByDoubleTap,
  });

  const slide = (item: PostMedia, index: number): ReactNode => {
    const alt = t('card.mediaAlt', { name: authorName, index: index + 1, count });
    // A video plays in place: a tap there is for its sound, a double tap still likes.
    if (item.media_type === 'video') {
      return (
        <MediaFrame media={item} alt={alt} video="feed" offscreen={index > 0} onDoubleTap={likeByDoubleTap} />
      );
    }
    const frame = (
      <MediaFrame media={item} alt={alt} priority={priority && index === 0} offscreen={index > 0} />
    );
    if (!linkToPost) {
      // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a double tap is a shortcut; the like button is the keyboard's way.
      return <div onClick={onPhotoClick}>{frame}</div>;
    }
    return (
      <Link to={postPath} onClick={onPhotoClick} className="block focus-visible:outline-offset-[-4px]">
        {frame}
      </Link>
    );
  };

  const withHeart = (content: ReactNode) => (
    // `manipulation`: no double-tap zoom to compete with the like; panning and pinch-zoom stay.
    <div className="relative touch-manipulation">
      {content}
      {heart === null ? null : (
        <div aria-hidden className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <HeartIcon
            key={heart}
            data-testid="double-tap-heart"
            className="size-24 animate-heart-burst fill-white text-white drop-shadow-lg"
            onAnimationEnd={() => setHeart(null)}
          />
        </div>
      )}
    </div>
  );

  const first = media[0];
  if (!first) return <div className="aspect-[4/5] w-full bg-subtle" />;
  if (count === 1) return withHeart(slide(first, 0));

  const onScroll = () => {
    const element = scroller.current;
    if (!element || element.clientWidth === 0) return;
    // scrollLeft runs negative in right-to-left layouts.
    setActive(Math.round(Math.abs(element.scrollLeft) / element.clientWidth));
  };

  const show = (index: number) => {
    const element = scroller.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === 'rtl';
    element.scrollTo({ left: index * element.clientWidth * (rtl ? -1 : 1), behavior: 'smooth' });
    setActive(index);
  };

  return withHeart(
    <section aria-roledescription={t('card.carousel')} aria-label={t('card.media')} className="relative">
      <div
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access (WCAG 2.1.1); arrow keys scroll it.
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {media.map((item, index) => (
          <fieldset
            key={item.id}
            aria-roledescription={t('card.slide')}
            aria-label={t('card.slideLabel', { index: index + 1, count })}
            className="w-full min-w-0 shrink-0 snap-center snap-always"
          >
            {slide(item, index)}
          </fieldset>
        ))}
      </div>
      <span
        aria-hidden
        className="pointer-events-none absolute end-3 top-3 rounded-full bg-black/55 px-2 py-0.5 text-xs font-medium text-white"
      >
        {active + 1}/{count}
      </span>
      <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 rounded-full bg-black/35 px-1 backdrop-blur-sm">
        {media.map((item, index) => (
          // 24x24 px at least: WCAG 2.2 target size (minimum); the dot itself stays 8 px.
          <button
            key={item.id}
            type="button"
            onClick={() => show(index)}
            aria-label={t('card.showMedia', { index: index + 1, count })}
            aria-current={index === active}
            className="group flex size-6 items-center justify-center"
          >
            <span
              className={cn(
                'size-2 rounded-full transition-colors',
                index === active ? 'bg-white' : 'bg-white/50 group-hover:bg-white/80',
              )}
            />
          </button>
        ))}
      </div>
    </section>,
  );
}
