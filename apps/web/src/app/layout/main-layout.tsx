import { Outlet } from 'react-router';
import { TABLET_QUERY, useMediaQuery } from '@/shared/lib/use-media-query';
import { cn } from '@/shared/ui/cn';
import { useScreenWidth } from '../route-handle';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { NavRail } from './nav-rail';
import { MAIN_CONTENT_ID } from './root-layout';

/**
 * The screens with the header and the navigation: the bottom bar on phones, a rail along the start
 * edge from tablet width (md). Beside the rail a screen keeps the phone's column, centred, unless its
 * route asks for the width (`width: 'wide'`: grids, the feed, post detail).
 */
export function MainLayout() {
  const wideScreen = useMediaQuery(TABLET_QUERY);
  const width = useScreenWidth();
  return (
    <div className="flex flex-1 flex-col md:ps-rail xl:ps-rail-wide">
      <AppHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn(
          'flex flex-1 flex-col pb-[calc(var(--spacing-nav)+env(safe-area-inset-bottom)+16px)] outline-none',
          'md:mx-auto md:w-full md:pb-10',
          width === 'wide' ? 'md:max-w-wide md:px-4' : 'md:max-w-app',
        )}
      >
        <Outlet />
      </main>
      {wideScreen ? <NavRail /> : <BottomNav />}
      <KeyboardShortcuts />
    </div>
  );
}
