import { MoreHorizontalIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '@/shared/lib/lazy';
import { IconButton } from '@/shared/ui/icon-button';
import type { ReportMenuProps } from './report-menu';

const ReportMenu = lazyWithPreload(() => import('./report-menu'));

/**
 * The '...' (more options) button of something another person made. Until it is first used it is a
 * plain button that looks and is named like the menu's trigger; the first press swaps in the real menu
 * (Radix menu, popper and focus handling, ~23 kB gzip), opened. Its code loads when a pointer comes near
 * or the button gets the focus, not with the feed: ten cards used to load it and mount ten menus during
 * the first screen.
 */
export function MoreOptionsButton(props: Omit<ReportMenuProps, 'defaultOpen'>) {
  const [activated, setActivated] = useState(false);
  const preload = () => void ReportMenu.preload().catch(() => undefined);
  const placeholder = (
    <IconButton
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setActivated(true)}
    >
      <MoreHorizontalIcon aria-hidden />
    </IconButton>
  );
  if (!activated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReportMenu {...props} defaultOpen />
    </Suspense>
  );
}
