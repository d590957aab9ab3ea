import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID } from './root-layout';

/** /onboarding and /auth: the header, but no bottom navigation. */
export function BareLayout() {
  return (
    <>
      <AppHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col pb-8 outline-none">
        <Outlet />
      </main>
    </>
  );
}
