import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';

export type FeedOrder = 'latest' | 'for-you' | 'fits';

/** 'Latest', 'For you' (ranked by preferences) or 'Fits like me' (by measurements), as a toggle group. */
export function FeedOrderToggle({
  value,
  onChange,
}: {
  value: FeedOrder;
  onChange: (order: FeedOrder) => void;
}) {
  const { t } = useTranslation();
  const options: Array<[FeedOrder, string]> = [
    ['latest', t('home.latest')],
    ['for-you', t('home.forYou')],
    ['fits', t('fits.title')],
  ];
  return (
    <fieldset className="mx-auto flex rounded-full bg-subtle p-1">
      <legend className="sr-only">{t('home.order')}</legend>
      {options.map(([order, label]) => (
        <button
          key={order}
          type="button"
          aria-pressed={value === order}
          onClick={() => onChange(order)}
          className={cn(
            'min-h-10 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
            value === order ? 'bg-surface text-ink shadow-card' : 'text-muted',
          )}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
