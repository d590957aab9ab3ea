import { useTranslation } from 'react-i18next';
import { LoadError } from '@/shared/ui/load-error';
import { useDeckQuery } from '../api/get-deck';
import { SwipeDeck, type SwipeDeckProps } from './swipe-deck';

/**
 * The viewer's deck (onboarding, swipe mode): 'Loading…', then the cards, a note that there are none, or
 * that they could not be loaded (with Try again).
 */
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
  // A failed load is no empty deck: say so, with Try again.
  if (deck.isError) {
    return (
      <LoadError className="w-full" title={t('onboarding.loadError')} onRetry={() => void deck.refetch()} />
    );
  }
  const posts = deck.data ?? [];
  if (posts.length === 0) return <p className="py-16 text-muted">{t('onboarding.empty')}</p>;
  return <SwipeDeck posts={posts} {...props} />;
}
