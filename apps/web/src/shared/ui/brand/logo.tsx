import { cn } from '../cn';
import { LOGO_MARK } from './logo-art';

export interface LogoProps {
  /** The accessible name; without it the logo is decorative (the surrounding link names it). */
  title?: string;
  /** Show only the hanger mark. */
  markOnly?: boolean;
  className?: string;
}

function Mark({ className }: { className?: string }) {
  return (
    <svg viewBox={LOGO_MARK.viewBox} className={className} aria-hidden focusable="false">
      <path
        d={LOGO_MARK.hanger}
        fill="none"
        stroke="currentColor"
        strokeWidth={LOGO_MARK.hangerStroke}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d={LOGO_MARK.heart} fill="currentColor" />
    </svg>
  );
}

/** The wordmark's paths, drawn at build time (logo-art.ts, drawWordmark). */
export const WORDMARK = __SYS_WORDMARK__;

function Wordmark({ className }: { className?: string }) {
  const art = WORDMARK;
  return (
    <svg viewBox={art.viewBox} className={className} aria-hidden focusable="false">
      <path d={art.stroke} fill="none" stroke="currentColor" strokeWidth={art.strokeWidth} />
      <path d={art.fill} fill="currentColor" />
    </svg>
  );
}

/**
 * The SYS logo, drawn by code: a hanger-and-heart mark in the accent colour next to a high-contrast
 * serif wordmark. Its height follows the font size (1em), so `className="text-2xl"` scales it.
 * Logos do not mirror in right-to-left layouts.
 */
export function Logo({ title, markOnly = false, className }: LogoProps) {
  const classes = cn('inline-flex items-center gap-[0.3em] leading-none', className);
  const art = (
    <>
      <Mark className="h-[1.25em] w-auto shrink-0 text-accent-600" />
      {markOnly ? null : <Wordmark className="h-[0.8em] w-auto shrink-0 text-ink" />}
    </>
  );
  if (!title) {
    return (
      <span aria-hidden dir="ltr" className={classes}>
        {art}
      </span>
    );
  }
  return (
    <span role="img" aria-label={title} dir="ltr" className={classes}>
      {art}
    </span>
  );
}
