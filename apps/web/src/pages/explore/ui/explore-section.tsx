import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A titled hub section with an optional 'See all' link. `empty`: the section has nothing to show; it says so
 * (a friendly line) instead of a heading and 'See all' over nothing.
 */
export function ExploreSection({
  title,
  more,
  empty,
  children,
}: {
  title: string;
  more?: string;
  empty?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-3 px-4">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        {more && !empty ? (
          <Link to={more} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-700">
            {t('explore.seeAll')}
            <span className="sr-only">: {title}</span>
          </Link>
        ) : null}
      </div>
      {empty ? <p className="text-sm text-muted">{empty}</p> : children}
    </section>
  );
}
