import { PlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/shared/ui/cn';
import { BOTTOM_BAR_ITEMS, type NavItem } from './nav-items';
import { useCreateAction } from './use-create-action';

const itemClasses =
  'flex h-full min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium leading-none';

function NavTab({ tab }: { tab: NavItem }) {
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
 * The bottom navigation on phones: Home, Explore, Create, Wishlist, Profile (NAV_ITEMS, which the rail
 * on wider screens shares). The current tab carries aria-current="page". Create asks visitors who are
 * not signed in to sign up first.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const create = useCreateAction();

  return (
    <>
      <nav
        aria-label={t('nav.label')}
        className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-app border-t border-line/70 bg-surface/95 pb-safe backdrop-blur-md"
      >
        <ul className="flex h-nav items-stretch px-1">
          {BOTTOM_BAR_ITEMS.map((tab) =>
            tab.kind === 'create' ? (
              <li key={tab.to} className="flex flex-1">
                <button
                  type="button"
                  onClick={create.onCreate}
                  aria-haspopup={create.asksFirst ? 'dialog' : undefined}
                  className={cn(itemClasses, 'group text-muted hover:text-ink')}
                >
                  <span
                    aria-hidden
                    className="flex h-6 w-10 items-center justify-center rounded-[9px] bg-accent-600 text-white shadow-sm transition-colors group-hover:bg-accent-700"
                  >
                    <PlusIcon className="size-5" strokeWidth={2.5} />
                  </span>
                  <span>{t(tab.labelKey)}</span>
                </button>
              </li>
            ) : (
              <NavTab key={tab.to} tab={tab} />
            ),
          )}
        </ul>
      </nav>
      {create.dialog}
    </>
  );
}
