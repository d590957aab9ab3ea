import { COLORS, foldCase, type PreferencesEntry, type PreferencesGroup, STYLES, tagKey } from '@sys/shared';
import { HeartIcon, RotateCcwIcon, SparklesIcon, ThumbsDownIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { colorSwatch } from '@/entities/post/lib/post-display';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Chip } from '@/shared/ui/chip';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { usePreferencesQuery } from '../api/get-preferences';
import { useResetPreferencesMutation } from '../api/reset-preferences';

/** Where 'Start swiping' leads: explore's swipe mode, opened at once. */
export const START_SWIPING_PATH = '/explore?swipe=1';

type Dimension = 'tags' | 'brands' | 'colors';
const DIMENSIONS: readonly Dimension[] = ['tags', 'brands', 'colors'];

const styleByKey = new Map(STYLES.map((style) => [tagKey(style), style]));
const colorByKey = new Map(COLORS.map((color) => [foldCase(color), color]));

/** One learned value as a chip: styles and colours in the interface language, names as written. */
function PreferencesChip({ dimension, entry }: { dimension: Dimension; entry: PreferencesEntry }) {
  const label = useOptionLabel();
  if (dimension === 'colors') {
    const color = colorByKey.get(entry.key);
    return (
      <Chip swatch={colorSwatch(color ?? entry.label)}>{color ? label('colors', color) : entry.label}</Chip>
    );
  }
  if (dimension === 'tags') {
    const style = styleByKey.get(entry.key);
    return <Chip>{style ? label('styles', style) : <bdi>#{entry.label}</bdi>}</Chip>;
  }
  return (
    <Chip>
      <bdi>{entry.label}</bdi>
    </Chip>
  );
}

function PreferencesGroupSection({
  title,
  icon,
  group,
  side,
}: {
  title: string;
  icon: ReactNode;
  group: PreferencesGroup;
  side: 'liked' | 'disliked';
}) {
  const { t } = useTranslation();
  const id = `preferences-${side}`;
  const empty = DIMENSIONS.every((dimension) => group[dimension].length === 0);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
        {icon}
        {title}
      </h2>
      {empty ? (
        <p className="text-sm text-muted">{t(`preferences.${side}Empty`)}</p>
      ) : (
        DIMENSIONS.filter((dimension) => group[dimension].length > 0).map((dimension) => (
          <div key={dimension} className="flex flex-col gap-1.5">
            <h3 className="text-[13px] font-semibold text-muted">
              {t(`preferences.dimensions.${dimension}`)}
            </h3>
            <ul
              aria-label={`${title}: ${t(`preferences.dimensions.${dimension}`)}`}
              className="flex flex-wrap gap-1.5"
            >
              {group[dimension].map((entry) => (
                <li key={entry.key}>
                  <PreferencesChip dimension={dimension} entry={entry} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

function ResetPreferencesDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('preferences.resetTitle')}
      description={t('preferences.resetDescription')}
      confirmLabel={t('preferences.resetConfirm')}
      pendingLabel={t('preferences.resetting')}
      cancelLabel={t('preferences.cancel')}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

/**
 * The preferences: what the swipes taught (the most liked and the most disliked styles, brands and
 * colours) and a Reset that forgets them, after a confirmation. Signed-in users' preferences come from the
 * server; a visitor's or guest's from the swipes kept in this browser.
 */
export function PreferencesPanel() {
  const { t } = useTranslation();
  const preferences = usePreferencesQuery();
  const reset = useResetPreferencesMutation();
  const [confirming, setConfirming] = useState(false);

  if (preferences.isPending) {
    return (
      <div role="status" aria-label={t('preferences.loading')} className="flex flex-col gap-3 px-4">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <EmptyState
        title={t('preferences.error')}
        action={
          <Button variant="outline" onClick={() => void preferences.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      />
    );
  }
  const summary = preferences.data;
  if (summary.event_count === 0) {
    return (
      <EmptyState
        icon={<SparklesIcon />}
        title={t('preferences.emptyTitle')}
        description={t('preferences.emptyDescription')}
        action={
          <Link to={START_SWIPING_PATH} className={buttonClasses()}>
            {t('explore.startSwiping')}
          </Link>
        }
      />
    );
  }

  const confirmReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void showToast('success', t('preferences.resetDone'));
      },
      onError: () => void showToast('destructive', t('preferences.resetError')),
    });

  return (
    <div className="flex flex-col gap-4 px-4">
      <p className="text-sm text-muted">
        {t('preferences.learnedFrom', { count: summary.event_count })}{' '}
        {t('preferences.likesAndPasses', { likes: summary.like_count, passes: summary.dislike_count })}
      </p>
      <PreferencesGroupSection
        side="liked"
        title={t('preferences.liked')}
        icon={<HeartIcon aria-hidden className="size-4 text-accent-600" />}
        group={summary.liked}
      />
      <PreferencesGroupSection
        side="disliked"
        title={t('preferences.disliked')}
        icon={<ThumbsDownIcon aria-hidden className="size-4 text-muted" />}
        group={summary.disliked}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          to={START_SWIPING_PATH}
          className={buttonClasses({ variant: 'secondary', className: 'sm:flex-1' })}
        >
          <SparklesIcon aria-hidden className="size-5" />
          {t('preferences.keepSwiping')}
        </Link>
        <Button variant="outline" className="sm:flex-1" onClick={() => setConfirming(true)}>
          <RotateCcwIcon aria-hidden className="size-5" />
          {t('preferences.reset')}
        </Button>
      </div>
      <ResetPreferencesDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={confirmReset}
        pending={reset.isPending}
      />
    </div>
  );
}
