import type { Suggestions } from '@sys/shared';
import type { ReactNode } from 'react';
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
        <MatchSection title={t('explore.matches.people')}>
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
        </MatchSection>
      ) : null}
      {brands.length > 0 ? (
        <MatchSection title={t('explore.matches.brands')}>
          {brands.map((brand) => (
            <li key={brand.id} className="max-w-full">
              <Link to={`/explore/brands/${brand.id}`} className={chip}>
                <span dir="auto" className="truncate">
                  {brand.name}
                </span>
              </Link>
            </li>
          ))}
        </MatchSection>
      ) : null}
      {styles.length > 0 ? (
        <MatchSection title={t('explore.matches.styles')}>
          {styles.map((style) => (
            <li key={style}>
              <Link to={`/explore/category/${encodeURIComponent(style.toLowerCase())}`} className={chip}>
                {label('styles', style)}
              </Link>
            </li>
          ))}
        </MatchSection>
      ) : null}
    </div>
  );
}

/** One kind of match (people, brands or styles): a labelled section with its list of chips. */
function MatchSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-muted">{title}</h2>
      <ul className="flex flex-wrap gap-2">{children}</ul>
    </section>
  );
}
