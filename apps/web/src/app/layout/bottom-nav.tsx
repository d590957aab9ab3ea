import { CompassIcon, HeartIcon, HomeIcon, type LucideIcon, PlusIcon, UserRoundIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { lazyWithPreload, usePreloadWhenIdle } from '@/shared/lib/lazy';
import { cn } from '@/shared/ui/cn';

// The dialog's code (Radix dialog, focus trap, scroll lock) loads when the browser is idle, not upfront.
const SignUpToUploadDialog = lazyWithPreload(() => import('./sign-up-to-upload-dialog'));
interface Tab {
  to: string;
  labelKey: 'nav.home' | 'nav.explore' | 'nav.wishlist' | 'nav.profile';
  icon: LucideIcon;
  /** Only this exact path marks the tab current (not the paths below it). */
  end?: boolean;
}

const TABS_BEFORE_CREATE: readonly Tab[] = [
  { to: '/', labelKey: 'nav.home', icon: HomeIcon, end: true },
  { to: '/explore', labelKey: 'nav.explore', icon: CompassIcon },
];
const TABS_AFTER_CREATE: readonly Tab[] = [
  { to: '/wishlist', labelKey: 'nav.wishlist', icon: HeartIcon },
  // /profile/{username} is someone else's profile, not "my" tab.
  { to: '/profile', labelKey: 'nav.profile', icon: UserRoundIcon, end: true },
];

const itemClasses =
  'flex h-full min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium leading-none';

function NavTab({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const Icon = tab.icon;
  return (
    <li className="flex flex-1">
      <NavLink
        to={tab.to}
        end={tab.end}
        className={({ isActive }) =>
          cn(itemClasses, 'transition-colors', isActive ? 'text-ink' : 'text-muted hover:text-ink')
        }
      >
        {({ isActive }) => (
          <>
            <Icon aria-hidden className="size-6" strokeWidth={isActive ? 2.3 : 1.8} />
            <span className={cn(isActive && 'font-semibold')}>{t(tab.labelKey)}</span>
          </>
        )}
      </NavLink>
    </li>
  );
}

/**
 * The bottom navigation: Home, Explore, Create, Wishlist, Profile. The current tab carries
 * aria-current="page". Create asks visitors who are not signed in to sign up first.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [promptOpen, setPromptOpen] = useState(false);
  const [promptUsed, setPromptUsed] = useState(false);
  usePreloadWhenIdle(SignUpToUploadDialog.preload);

  const onCreate = () => {
    if (user) {
      navigate('/create-post');
      return;
    }
    setPromptUsed(true);
    setPromptOpen(true);
  };

  return (
    <>
      <nav
        aria-label={t('nav.label')}
        className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-app border-t border-line/70 bg-surface/95 pb-safe backdrop-blur-md"
      >
        <ul className="flex h-nav items-stretch px-1">
          {TABS_BEFORE_CREATE.map((tab) => (
            <NavTab key={tab.to} tab={tab} />
          ))}
          <li className="flex flex-1">
            <button
              type="button"
              onClick={onCreate}
              aria-haspopup={user ? undefined : 'dialog'}
              className={cn(itemClasses, 'group text-muted hover:text-ink')}
            >
              <span
                aria-hidden
                className="flex h-6 w-10 items-center justify-center rounded-[9px] bg-accent-600 text-white shadow-sm transition-colors group-hover:bg-accent-700"
              >
                <PlusIcon className="size-5" strokeWidth={2.5} />
              </span>
              <span>{t('nav.create')}</span>
            </button>
          </li>
          {TABS_AFTER_CREATE.map((tab) => (
            <NavTab key={tab.to} tab={tab} />
          ))}
        </ul>
      </nav>
      {promptUsed ? (
        <Suspense fallback={null}>
          <SignUpToUploadDialog open={promptOpen} onOpenChange={setPromptOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
