import type { ActivitySettingKind } from '@sys/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { Switch } from '@/shared/ui/switch';
import { useActivitySettingsQuery, useSaveActivitySettings } from '../api/activity-settings';

/** The order the switches are listed in: the post's reactions first, then people. */
const ORDER: readonly ActivitySettingKind[] = [
  'like',
  'comment',
  'reply',
  'comment_like',
  'mention',
  'follow',
  'message',
];

function KindSwitch({
  kind,
  checked,
  onChange,
}: {
  kind: ActivitySettingKind;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-1.5">
      <span className="min-w-0">
        <span id={labelId} className="block text-[15px] font-medium text-ink">
          {t(`activitySettings.kinds.${kind}.label`)}
        </span>
        <span id={descriptionId} className="block text-sm text-muted">
          {t(`activitySettings.kinds.${kind}.description`)}
        </span>
      </span>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        checked={checked}
        onCheckedChange={onChange}
      />
    </li>
  );
}

/** Which kinds of activity the viewer hears of: one switch per kind, each saved when turned. */
export default function ActivitySettingsForm() {
  const { t } = useTranslation();
  const settings = useActivitySettingsQuery();
  const save = useSaveActivitySettings();

  if (settings.isPending) {
    return (
      <div className="flex flex-col gap-3 px-4 py-2" role="status" aria-label={t('activitySettings.loading')}>
        {ORDER.map((kind) => (
          <Skeleton key={kind} className="h-12 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (settings.isError) {
    return (
      <EmptyState
        title={t('activitySettings.loadError')}
        action={<Button onClick={() => void settings.refetch()}>{t('common.tryAgain')}</Button>}
      />
    );
  }
  const current = settings.data;
  const change = (kind: ActivitySettingKind, on: boolean) =>
    save.mutate(
      { kinds: { ...current.kinds, [kind]: on } },
      { onError: () => void showToast('destructive', t('activitySettings.saveError')) },
    );
  return (
    <ul aria-label={t('activitySettings.kindsLabel')} className="flex flex-col">
      {ORDER.map((kind) => (
        <KindSwitch
          key={kind}
          kind={kind}
          checked={current.kinds[kind]}
          onChange={(on) => change(kind, on)}
        />
      ))}
    </ul>
  );
}
