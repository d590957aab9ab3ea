import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import { MAIN_CONTENT_ID } from './root-layout';

/** /onboarding and /auth: the header, but no navigation; a phone-width column on every screen. */
export function BareLayout() {
  return (
    <div className="flex flex-1 flex-col md:mx-auto md:w-full md:max-w-app md:border-x md:border-line/70">
      <AppHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col pb-8 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
