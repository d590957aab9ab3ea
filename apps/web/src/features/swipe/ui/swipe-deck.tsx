import { LIMITS, type Post, type SwipeAction } from '@sys/shared';
import { HeartIcon, ShoppingBagIcon, XIcon } from 'lucide-react';
import { type PointerEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { authorName, colorSwatch } from '@/entities/post/lib/post-display';
import { MediaFrame } from '@/entities/post/ui/media-frame';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { useReducedMotion } from '@/shared/lib/use-reduced-motion';
import { Chip } from '@/shared/ui/chip';
import { cn } from '@/shared/ui/cn';
import { Handle } from '@/shared/ui/user-name';
import { recordSwipe } from '../api/record-swipe';
import { swipeChips } from '../lib/swipe-chips';
import { actionForKey, overlayFor, releaseActionFor } from '../lib/swipe-gesture';

const ItemsSheet = lazyWithPreload(() => import('@/entities/post/ui/items-sheet'));

export interface SwipeDeckProps {
  posts: readonly Post[];
  /** After each recorded swipe, with how many this deck has recorded so far. */
  onSwipe?: (post: Post, action: SwipeAction, swipes: number) => void;
  /** Every outfit was swiped. */
  onEnd?: () => void;
  /** Stops swiping (a dialog is open over the deck). */
  paused?: boolean;
}

/**
 * The swipe deck (spec sections 2 and 4): the outfit card follows a finger, mouse or pen; released beyond
 * 100 px it records a like (right) or dislike (left) and flies off in 300 ms, otherwise it snaps back. The
 * pass and like buttons (and the Left/Right arrow keys) toggle on and advance after 500 ms.
 */
export function SwipeDeck({ posts, onSwipe, onEnd, paused = false }: SwipeDeckProps) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const { isSignedIn } = useViewer();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [leaving, setLeaving] = useState<SwipeAction | null>(null);
  const [pressed, setPressed] = useState<SwipeAction | null>(null);
  const [itemsOpen, setItemsOpen] = useState(false);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const swipes = useRef(0);

  const post = posts[index];
  // Not itemsOpen: the open sheet is modal anyway, and its opener must stay enabled (a disabled button
  // loses the focus, which then has nowhere to return to when the sheet closes).
  const busy = paused || leaving !== null;

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const commit = useCallback(
    (action: SwipeAction) => {
      const current = posts[index];
      if (!current) return;
      recordSwipe(current, action, isSignedIn);
      swipes.current += 1;
      setDx(0);
      setLeaving(null);
      setPressed(null);
      setIndex(index + 1);
      onSwipe?.(current, action, swipes.current);
      if (index + 1 >= posts.length) onEnd?.();
    },
    [posts, index, isSignedIn, onSwipe, onEnd],
  );

  /** A released drag: fly off, then record. */
  const fly = (action: SwipeAction) => {
    setLeaving(action);
    timer.current = setTimeout(() => commit(action), reducedMotion ? 0 : LIMITS.swipeSlideAnimationMs);
  };

  /** A button or arrow key: switches the button on (and advances after 500 ms) or off again. */
  const toggle = (action: SwipeAction) => {
    if (paused || leaving || !post) return;
    if (timer.current) clearTimeout(timer.current);
    if (pressed === action) {
      setPressed(null);
      return;
    }
    setPressed(action);
    timer.current = setTimeout(() => commit(action), LIMITS.swipeButtonAdvanceDelayMs);
  };

  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;
  useEffect(() => {
    if (paused || itemsOpen) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]'))
        return;
      const action = actionForKey(event.key);
      if (!action || event.defaultPrevented) return;
      event.preventDefault();
      toggleRef.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paused, itemsOpen]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy || itemsOpen || pressed || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if ((event.target as HTMLElement).closest('button, a')) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    setDx(event.clientX - start.current.x);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const distance = event.clientX - start.current.x;
    start.current = null;
    setDragging(false);
    const action = cancelled ? null : releaseActionFor(distance);
    if (action) fly(action);
    else setDx(0);
  };

  if (!post) return null;

  const name = authorName(post.author) ?? t('card.user');
  const cover = post.media[0];
  const overlay = leaving ?? pressed ?? overlayFor(dx);
  const offset = leaving ? (leaving === 'like' ? 1 : -1) * (reducedMotion ? 0 : 600) : dx;
  const chips = swipeChips(post);

  return (
    // overflow-x-clip: the dragged or departing card must not widen the page (a drag made it 471 px wide
    // at 390, and in Hebrew shifted the whole page sideways). Clip, not hidden: no scroll container, and
    // the card may still rise above the deck while it rotates.
    <div className="flex w-full flex-col items-center gap-4 overflow-x-clip">
      <p aria-live="polite" className="sr-only">
        {t('swipe.current', { index: index + 1, count: posts.length, name })}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drag is the pointer way to swipe; the pass and like buttons (and the arrow keys) are its keyboard and screen-reader way. */}
      <div
        data-testid="swipe-card"
        className={cn(
          'relative w-full max-w-[340px] touch-none select-none overflow-hidden rounded-2xl bg-surface shadow-card',
          !dragging && !reducedMotion && 'transition-transform duration-300 ease-out',
          leaving && 'opacity-0 transition-opacity duration-300',
          dragging ? 'cursor-grabbing' : 'cursor-grab',
        )}
        style={{ transform: `translateX(${offset}px) rotate(${reducedMotion ? 0 : offset / 20}deg)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        // A mouse drag would otherwise pick up the picture (native drag and drop) and cancel the swipe.
        onDragStart={(event) => event.preventDefault()}
      >
        {cover ? (
          <MediaFrame
            media={cover}
            alt={t('card.mediaAlt', { name, index: 1, count: post.media.length })}
            priority
          />
        ) : (
          <div className="aspect-[4/5] w-full bg-subtle" />
        )}
        <span
          dir="ltr"
          className="absolute start-3 top-3 max-w-[70%] truncate rounded-full bg-black/60 px-3 py-1 text-[13px] font-semibold text-white"
        >
          <Handle username={name} />
        </span>
        {overlay ? (
          <span
            aria-hidden
            className={cn(
              'absolute top-6 rounded-xl border-4 px-3 py-1 text-2xl font-extrabold uppercase tracking-wide',
              // Physical sides, as the gesture is: a card dragged right (like) shows its stamp on the
              // left, in Hebrew too.
              overlay === 'like'
                ? 'left-6 -rotate-12 border-accent-600 bg-white/80 text-accent-700'
                : 'right-6 rotate-12 border-ink bg-white/80 text-ink',
            )}
          >
            {overlay === 'like' ? t('swipe.like') : t('swipe.pass')}
          </span>
        ) : null}
        {/* dir="ltr": pass on the left and like on the right in every language (spec: "a pass button
            (left) ... and a like button (right)"), the sides the card is swiped to. */}
        <div
          dir="ltr"
          className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-black/50 to-transparent p-4"
        >
          <button
            type="button"
            aria-label={t('swipe.passButton')}
            aria-pressed={pressed === 'dislike'}
            disabled={busy}
            onClick={() => toggle('dislike')}
            className={cn(
              'flex size-14 items-center justify-center rounded-full bg-white text-ink shadow-card transition-transform',
              pressed === 'dislike' && 'scale-110 bg-ink text-white',
            )}
          >
            <XIcon aria-hidden className="size-7" />
          </button>
          <button
            type="button"
            aria-label={t('card.items', { count: post.items.length })}
            disabled={busy || post.items.length === 0}
            onMouseEnter={() => void ItemsSheet.preload()}
            onClick={() => setItemsOpen(true)}
            className="flex size-11 items-center justify-center rounded-full bg-white/90 text-ink shadow-card disabled:opacity-50"
          >
            <ShoppingBagIcon aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t('swipe.likeButton')}
            aria-pressed={pressed === 'like'}
            disabled={busy}
            onClick={() => toggle('like')}
            className={cn(
              'flex size-14 items-center justify-center rounded-full bg-accent-600 text-white shadow-card transition-transform',
              pressed === 'like' && 'scale-110 bg-accent-700',
            )}
          >
            <HeartIcon aria-hidden className="size-7" fill={pressed === 'like' ? 'currentColor' : 'none'} />
          </button>
        </div>
      </div>
      {chips.length > 0 ? (
        <ul aria-label={t('card.details')} className="flex max-w-[340px] flex-wrap justify-center gap-1.5">
          {chips.map((chip) => (
            <li key={`${chip.kind}:${chip.value}`}>
              <Chip swatch={chip.kind === 'color' ? colorSwatch(chip.value) : undefined}>
                {chip.kind === 'tag' ? (
                  // Isolated, direction from its own text: in Hebrew '#Casual' read 'Casual#'.
                  <bdi>#{chip.value}</bdi>
                ) : chip.kind === 'size' ? (
                  t('card.sizeChip', { size: chip.value })
                ) : (
                  label(chip.kind === 'color' ? 'colors' : 'patterns', chip.value)
                )}
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
      {itemsOpen ? (
        <Suspense fallback={null}>
          <ItemsSheet items={post.items} open={itemsOpen} onOpenChange={setItemsOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
