import { PlusIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { Logo } from '@/shared/ui/brand/logo';
import { cn } from '@/shared/ui/cn';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { useCreateAction } from './use-create-action';

// Unread messages on the Messages item: its code (query, events stream) loads only for signed-in people.
const UnreadBadge = lazy(() => import('@/features/messages/ui/unread-badge'));
const UNREAD_BADGE_ID = 'rail-unread-messages';

// Icons only on a tablet; from laptop width (xl) the label sits beside the icon.
const itemClasses =
  'relative flex min-h-12 w-full flex-col items-center justify-center gap-1 rounded-xl px-1 py-1.5 text-[11px] font-medium leading-none transition-colors ' +
  'xl:flex-row xl:justify-start xl:gap-3.5 xl:px-3 xl:py-2.5 xl:text-[15px]';

function RailLink({ item, signedIn }: { item: NavItem; signedIn: boolean }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const badge = item.unreadBadge && signedIn;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      aria-describedby={badge ? UNREAD_BADGE_ID : undefined}
      className={({ isActive }) =>
        cn(itemClasses, isActive ? 'bg-subtle text-ink' : 'text-muted hover:bg-subtle hover:text-ink')
      }
    >
      {({ isActive }) => (
        <>
          <span className="relative">
            <Icon
              aria-hidden
              className={cn('size-6', item.mirrored && 'rtl:-scale-x-100')}
              strokeWidth={isActive ? 2.3 : 1.8}
            />
            {badge ? (
              <Suspense fallback={null}>
                <UnreadBadge id={UNREAD_BADGE_ID} className="-top-1.5 -end-2" />
              </Suspense>
            ) : null}
          </span>
          <span className={cn(isActive && 'font-semibold')}>{t(item.labelKey)}</span>
        </>
      )}
    </NavLink>
  );
}

/**
 * The navigation rail on tablets and wider, along the start edge: the same destinations as the phone's
 * bottom bar (NAV_ITEMS) plus Messages, icons with short labels below them, and beside them from laptop
 * width. Create asks visitors to sign up first, as in the bar.
 */
export function NavRail() {
  const { t } = useTranslation();
  const { user } = useSession();
  const create = useCreateAction();

  return (
    <>
      <nav
        aria-label={t('nav.label')}
        className="fixed inset-y-0 start-0 z-40 flex w-rail flex-col xl:w-rail-wide items-stretch gap-4 border-e border-line/70 bg-surface px-2 py-3 xl:px-3"
      >
        <NavLink
          to="/"
          aria-label={t('header.home')}
          className="flex h-11 items-center justify-center rounded-lg text-[22px] text-ink xl:justify-start xl:px-3 xl:text-[28px]"
        >
          <Logo />
        </NavLink>
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              {item.kind === 'create' ? (
                <button
                  type="button"
                  onClick={create.onCreate}
                  aria-haspopup={create.asksFirst ? 'dialog' : undefined}
                  className={cn(itemClasses, 'group text-muted hover:bg-subtle hover:text-ink')}
                >
                  <span
                    aria-hidden
                    className="flex size-7 items-center justify-center rounded-[9px] bg-accent-600 text-white shadow-sm transition-colors group-hover:bg-accent-700"
                  >
                    <PlusIcon className="size-5" strokeWidth={2.5} />
                  </span>
                  <span>{t(item.labelKey)}</span>
                </button>
              ) : (
                <RailLink item={item} signedIn={user !== null} />
              )}
            </li>
          ))}
        </ul>
      </nav>
      {create.dialog}
    </>
  );
}
