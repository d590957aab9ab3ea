import { PauseIcon, PlayIcon, Volume2Icon, VolumeXIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { savesData, useMostlyVisible } from '@/shared/lib/use-mostly-visible';
import { usePhotoTaps } from '@/shared/lib/use-photo-taps';
import { useReducedMotion } from '@/shared/lib/use-reduced-motion';
import { cn } from './cn';

/** '#t=0.001' makes browsers paint the first frame without playing. */
const firstFrame = (src: string) => `${src}#t=0.001`;

/** What the person asked for: nothing yet (the feed decides), play, or pause. */
type Wish = 'auto' | 'play' | 'pause';

export interface FeedVideoProps {
  src: string;
  label: string;
  /** The server's poster frame, shown until the video plays (null: the first frame). */
  poster?: string | null;
  /** Still being transcoded on the server: only its author sees it, with a note saying so. */
  processing?: boolean;
  /** A double tap (Instagram's like); a single tap turns the sound on or off. */
  onDoubleTap?: () => void;
  className?: string;
}

interface VideoControlProps {
  side: 'start' | 'end';
  label: string;
  onClick: () => void;
  children: ReactNode;
}

/** A round button in a bottom corner; a drag that starts on it is not a swipe of the card under it. */
function VideoControl({ side, label, onClick, children }: VideoControlProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerDown={(event) => event.stopPropagation()}
      aria-label={label}
      className={cn(
        'absolute bottom-2 flex size-9 items-center justify-center rounded-full bg-black/55 text-white',
        'backdrop-blur-sm hover:bg-black/70 [&_svg]:size-[18px]',
        side === 'start' ? 'start-2' : 'end-2',
      )}
    >
      {children}
    </button>
  );
}

/** Over a video its author sees before the server has transcoded it. */
function ProcessingNote() {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      className="pointer-events-none absolute inset-x-2 top-2 w-fit rounded-full bg-black/65 px-3 py-1 text-white text-xs"
    >
      {t('video.processing')}
    </span>
  );
}

/**
 * A video as feed apps play it: muted, on its own, while most of it is in view, paused when it leaves;
 * a tap turns the sound on or off. Nothing starts on its own for someone who asks for reduced motion or
 * saves data: they press play. Its own buttons (play/pause at the start, sound at the end) sit in the
 * bottom corners, clear of a carousel's dots in the middle; no native controls.
 */
export function FeedVideo({ src, label, poster, processing, onDoubleTap, className }: FeedVideoProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const inView = useMostlyVisible(video);
  const reducedMotion = useReducedMotion();
  const [wish, setWish] = useState<Wish>('auto');
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  const shouldPlay = inView && (wish === 'play' || (wish === 'auto' && !reducedMotion && !savesData()));

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (shouldPlay) {
      // A browser may refuse (a policy, a file it cannot play): the play button stays for the person.
      element.play().catch(() => setPlaying(false));
    } else {
      element.pause();
    }
  }, [shouldPlay]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  const toggleSound = () => setMuted((value) => !value);
  const togglePlay = () => setWish(playing ? 'pause' : 'play');

  // One tap: sound; two quick taps: the double-tap action (when there is one).
  const taps = usePhotoTaps({ onSingle: toggleSound, onDouble: onDoubleTap });
  const onTap = onDoubleTap ? taps : toggleSound;

  return (
    <div className={cn('absolute inset-0', className)}>
      {/* The sound and play buttons are the keyboard's way; a tap on the picture is a shortcut. */}
      <video
        ref={video}
        className="size-full bg-black/5 object-cover"
        src={poster ? src : firstFrame(src)}
        {...(poster ? { poster } : {})}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={label}
        onClick={onTap}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <VideoControl side="start" label={playing ? t('video.pause') : t('video.play')} onClick={togglePlay}>
        {playing ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
      </VideoControl>
      <VideoControl side="end" label={muted ? t('video.soundOn') : t('video.soundOff')} onClick={toggleSound}>
        {muted ? <VolumeXIcon aria-hidden /> : <Volume2Icon aria-hidden />}
      </VideoControl>
      {processing ? <ProcessingNote /> : null}
    </div>
  );
}

export interface VideoStillProps {
  src: string;
  /** Empty when the link or card around it already names it. */
  label?: string;
  /** The server's poster frame: shown instead of loading the video at all. */
  poster?: string | null;
  /** Still being transcoded on the server (see FeedVideo). */
  processing?: boolean;
  className?: string;
}

/**
 * A video in a grid: its poster (or, without one, its first frame) with a play mark; it does not play
 * and has no controls.
 */
export function VideoStill({ src, label, poster, processing, className }: VideoStillProps) {
  return (
    <span className={cn('absolute inset-0 block', className)}>
      {poster ? (
        <img
          className="size-full object-cover"
          src={poster}
          alt={label ?? ''}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <video
          className="size-full object-cover"
          src={firstFrame(src)}
          muted
          playsInline
          preload="metadata"
          tabIndex={-1}
          {...(label ? { 'aria-label': label } : { 'aria-hidden': true })}
        />
      )}
      {processing ? <ProcessingNote /> : null}
      <span
        aria-hidden
        data-testid="video-mark"
        className="pointer-events-none absolute end-2 top-2 flex size-7 items-center justify-center rounded-full bg-black/55 text-white"
      >
        <PlayIcon className="size-4 fill-current" />
      </span>
    </span>
  );
}
