import { ArrowLeftIcon, SearchIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasInAppHistory } from '@/shared/lib/history';
import { cn } from '../cn';
import { IconButton } from '../icon-button';
import type { PageMenuItem } from './page-header-menu';

export type { PageMenuItem };

const PageHeaderMenu = lazy(() => import('./page-header-menu'));

export interface PageHeaderProps {
  title: ReactNode;
  /**
   * The title's own direction when it is user text (an album or brand name: 'auto'; a handle: 'ltr'), so
   * a long one is cut at its own end in either language.
   */
  titleDir?: 'auto' | 'ltr';
  /** A back button: `true` goes back in history; a path goes there when there is no history to go back to. */
  back?: boolean | string;
  /** A search button leading to Explore's search. */
  search?: boolean;
  /** The entries of a "more options" menu; no menu when absent. */
  menu?: readonly PageMenuItem[];
  /** The right-hand (end) action, e.g. a Share or Save button. */
  action?: ReactNode;
  className?: string;
}

/** The title bar of a screen: an h1 with optional back, search, menu and an end action. */
export function PageHeader({ title, titleDir, back, search, menu, action, className }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const goBack = () => {
    if (hasInAppHistory()) navigate(-1);
    else navigate(typeof back === 'string' ? back : '/', { replace: true });
  };

  return (
    <div className={cn('flex min-h-14 items-center gap-1 px-2 pt-2 pb-1', !back && 'ps-4', className)}>
      {back ? (
        <IconButton aria-label={t('common.back')} onClick={goBack}>
          <ArrowLeftIcon aria-hidden className="rtl:-scale-x-100" />
        </IconButton>
      ) : null}
      <h1 dir={titleDir} className="min-w-0 flex-1 truncate text-xl font-bold tracking-tight text-ink">
        {title}
      </h1>
      <div className="flex shrink-0 items-center gap-0.5">
        {search ? (
          <IconButton aria-label={t('common.search')} asChild>
            <Link to="/explore">
              <SearchIcon aria-hidden />
            </Link>
          </IconButton>
        ) : null}
        {menu ? (
          <Suspense fallback={<span aria-hidden className="size-11" />}>
            <PageHeaderMenu items={menu} />
          </Suspense>
        ) : null}
        {action}
      </div>
    </div>
  );
}
