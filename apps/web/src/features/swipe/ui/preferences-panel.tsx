import {
  COLORS,
  foldCase,
  type PreferenceAdjustment,
  type PreferencesEntry,
  type PreferencesGroup,
  STYLES,
  tagKey,
} from '@sys/shared';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  HeartIcon,
  RotateCcwIcon,
  SparklesIcon,
  ThumbsDownIcon,
  XIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { colorSwatch } from '@/entities/post/lib/post-display';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { Button, buttonClasses } from '@/shared/ui/button';
import { Chip } from '@/shared/ui/chip';
import { cn } from '@/shared/ui/cn';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { type PreferenceChange, useChangePreferenceMutation } from '../api/adjust-preferences';
import { usePreferencesQuery } from '../api/get-preferences';
import { useResetPreferencesMutation } from '../api/reset-preferences';

/** Where 'Start swiping' leads: explore's swipe mode, opened at once. */
export const START_SWIPING_PATH = '/explore?swipe=1';

type Dimension = 'tags' | 'product_brands' | 'brands' | 'colors';
const DIMENSIONS: readonly Dimension[] = ['tags', 'product_brands', 'brands', 'colors'];

const styleByKey = new Map(STYLES.map((style) => [tagKey(style), style]));
const colorByKey = new Map(COLORS.map((color) => [foldCase(color), color]));

/** The value as people read it: styles and colours in the interface language, names as written. */
function useEntryName(): (dimension: Dimension, entry: PreferencesEntry) => string {
  const label = useOptionLabel();
  return (dimension, entry) => {
    if (dimension === 'colors') {
      const color = colorByKey.get(entry.key);
      return color ? label('colors', color) : entry.label;
    }
    if (dimension === 'tags') {
      const style = styleByKey.get(entry.key);
      return style ? label('styles', style) : `#${entry.label}`;
    }
    return entry.label;
  };
}

/** One learned value as a chip. */
function PreferencesChip({
  dimension,
  entry,
  name,
}: {
  dimension: Dimension;
  entry: PreferencesEntry;
  name: string;
}) {
  const swatch = dimension === 'colors' ? colorSwatch(colorByKey.get(entry.key) ?? entry.label) : undefined;
  return (
    <Chip swatch={swatch}>
      <bdi>{name}</bdi>
    </Chip>
  );
}

const entryButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full border text-ink transition-colors ' +
  'disabled:opacity-50 [&_svg]:size-4';

/**
 * 'More like this', 'less like this' (each pressed while in force; pressing again undoes it) and 'remove'
 * for one value. Signed-in users only: what they say is kept on the server.
 */
function EntryControls({
  dimension,
  entry,
  name,
  onChange,
  pending,
}: {
  dimension: Dimension;
  entry: PreferencesEntry;
  name: string;
  onChange: (change: PreferenceChange) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const toggle = (adjustment: PreferenceAdjustment) =>
    onChange({
      dimension,
      key: entry.key,
      adjustment: entry.adjustment === adjustment ? 'none' : adjustment,
    });
  const look = (pressed: boolean) =>
    cn(entryButton, pressed ? 'border-ink bg-ink text-white' : 'border-line bg-surface hover:bg-subtle');
  return (
    <div className="flex shrink-0 items-center gap-1">
      <button
        type="button"
        aria-pressed={entry.adjustment === 'more'}
        aria-label={t('preferences.more', { value: name })}
        title={t('preferences.moreShort')}
        disabled={pending}
        className={look(entry.adjustment === 'more')}
        onClick={() => toggle('more')}
      >
        <ArrowUpIcon aria-hidden />
      </button>
      <button
        type="button"
        aria-pressed={entry.adjustment === 'less'}
        aria-label={t('preferences.less', { value: name })}
        title={t('preferences.lessShort')}
        disabled={pending}
        className={look(entry.adjustment === 'less')}
        onClick={() => toggle('less')}
      >
        <ArrowDownIcon aria-hidden />
      </button>
      <button
        type="button"
        aria-label={t('preferences.remove', { value: name })}
        title={t('preferences.removeShort')}
        disabled={pending}
        className={look(false)}
        onClick={() => onChange({ dimension, key: entry.key, remove: true })}
      >
        <XIcon aria-hidden />
      </button>
    </div>
  );
}

function PreferencesGroupSection({
  title,
  icon,
  group,
  side,
  onChange,
  pending,
}: {
  title: string;
  icon: ReactNode;
  group: PreferencesGroup;
  side: 'liked' | 'disliked';
  /** Set for signed-in users, who can adjust and remove values. */
  onChange?: (change: PreferenceChange) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useEntryName();
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
              className={onChange ? 'flex flex-col gap-1.5' : 'flex flex-wrap gap-1.5'}
            >
              {group[dimension].map((entry) => {
                const name = nameOf(dimension, entry);
                return (
                  <li
                    key={entry.key}
                    className={onChange ? 'flex min-w-0 items-center justify-between gap-2' : undefined}
                  >
                    <PreferencesChip dimension={dimension} entry={entry} name={name} />
                    {onChange ? (
                      <EntryControls
                        dimension={dimension}
                        entry={entry}
                        name={name}
                        onChange={onChange}
                        pending={pending}
                      />
                    ) : null}
                  </li>
                );
              })}
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
  const change = useChangePreferenceMutation();
  const { isSignedIn } = useViewer();
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

  const onChange = isSignedIn
    ? (next: PreferenceChange) =>
        change.mutate(next, { onError: () => void showToast('destructive', t('preferences.changeError')) })
    : undefined;

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
        onChange={onChange}
        pending={change.isPending}
      />
      <PreferencesGroupSection
        side="disliked"
        title={t('preferences.disliked')}
        icon={<ThumbsDownIcon aria-hidden className="size-4 text-muted" />}
        group={summary.disliked}
        onChange={onChange}
        pending={change.isPending}
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
