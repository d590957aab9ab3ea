import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { MAIN_CONTENT_ID } from './root-layout';

/** The screens with the header and the bottom navigation. */
export function MainLayout() {
  return (
    <>
      <AppHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col pb-[calc(var(--spacing-nav)+env(safe-area-inset-bottom)+16px)] outline-none"
      >
        <Outlet />
      </main>
      <BottomNav />
      <KeyboardShortcuts />
    </>
  );
}
