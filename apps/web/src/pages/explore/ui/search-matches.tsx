import type { Suggestions } from '@sys/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { AuthorAvatar } from '@/entities/profile/ui/author-avatar';
import { Handle, UserName } from '@/shared/ui/user-name';

const chip =
  'inline-flex h-10 max-w-full items-center gap-2 rounded-full border border-line px-3 text-sm font-medium text-ink hover:bg-subtle';

/** Above a search's posts: the people, brands and styles whose names match, each a link to its page. */
export function SearchMatches({ matches }: { matches: Suggestions }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const { people, brands, styles } = matches;
  if (people.length + brands.length + styles.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 px-4 pb-4">
      {people.length > 0 ? (
        <section aria-label={t('explore.matches.people')} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-muted">{t('explore.matches.people')}</h2>
          <ul className="flex flex-wrap gap-2">
            {people.map((person) => (
              <li key={person.id} className="max-w-full">
                <Link to={`/profile/${encodeURIComponent(person.username ?? '')}`} className={chip}>
                  <AuthorAvatar url={person.avatar_url} className="size-7" />
                  <span dir={person.username ? 'ltr' : 'auto'} className="truncate">
                    {person.username ? (
                      <Handle username={person.username} />
                    ) : (
                      <UserName>{person.display_name ?? ''}</UserName>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {brands.length > 0 ? (
        <section aria-label={t('explore.matches.brands')} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-muted">{t('explore.matches.brands')}</h2>
          <ul className="flex flex-wrap gap-2">
            {brands.map((brand) => (
              <li key={brand.id} className="max-w-full">
                <Link to={`/explore/brands/${brand.id}`} className={chip}>
                  <span dir="auto" className="truncate">
                    {brand.name}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {styles.length > 0 ? (
        <section aria-label={t('explore.matches.styles')} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-muted">{t('explore.matches.styles')}</h2>
          <ul className="flex flex-wrap gap-2">
            {styles.map((style) => (
              <li key={style}>
                <Link to={`/explore/category/${encodeURIComponent(style.toLowerCase())}`} className={chip}>
                  {label('styles', style)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
