import { useTranslation } from 'react-i18next';
import { useDeckQuery } from '../api/get-deck';
import { SwipeDeck, type SwipeDeckProps } from './swipe-deck';

/** The viewer's deck (onboarding, swipe mode): 'Loading…', then the cards, or a note that there are none. */
export function LoadedSwipeDeck(props: Omit<SwipeDeckProps, 'posts'>) {
  const { t } = useTranslation();
  const deck = useDeckQuery();
  if (deck.isPending) {
    return (
      <p role="status" className="py-16 text-muted">
        {t('onboarding.loading')}
      </p>
    );
  }
  const posts = deck.data ?? [];
  if (posts.length === 0) return <p className="py-16 text-muted">{t('onboarding.empty')}</p>;
  return <SwipeDeck posts={posts} {...props} />;
}
