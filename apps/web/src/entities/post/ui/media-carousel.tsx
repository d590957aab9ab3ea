import type { PostMedia } from '@sys/shared';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/shared/ui/cn';
import { MediaFrame } from './media-frame';

export interface PostMediaViewProps {
  postId: string;
  media: readonly PostMedia[];
  authorName: string;
  /** Photos open /post/{id} (not on the post's own page). */
  linkToPost?: boolean;
  priority?: boolean;
}

/**
 * A post's media: one frame, or a swipeable carousel (scroll snapping) with dots when there are several.
 * Photos open the post; videos keep their own controls.
 */
export function PostMediaView({
  postId,
  media,
  authorName,
  linkToPost = true,
  priority,
}: PostMediaViewProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const count = media.length;

  const slide = (item: PostMedia, index: number): ReactNode => {
    const alt = t('card.mediaAlt', { name: authorName, index: index + 1, count });
    const frame = <MediaFrame media={item} alt={alt} priority={priority && index === 0} />;
    if (!linkToPost || item.media_type === 'video') return frame;
    return (
      <Link to={`/post/${postId}`} className="block focus-visible:outline-offset-[-4px]">
        {frame}
      </Link>
    );
  };

  const first = media[0];
  if (!first) return <div className="aspect-[4/5] w-full bg-subtle" />;
  if (count === 1) return slide(first, 0);

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

  return (
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
    </section>
  );
}
