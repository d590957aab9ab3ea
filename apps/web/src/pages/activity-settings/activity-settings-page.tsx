import type { MutedProfile } from '@sys/shared';
import { BellOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { PersonRow } from '@/entities/profile/ui/person-row';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import ActivitySettingsForm from '@/features/activity-settings/ui/activity-settings-form';
import { useMutedProfilesQuery } from '@/features/mute/api/get-muted-profiles';
import { useMute } from '@/features/mute/model/use-mute';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { isolated as isolate } from '@/shared/ui/user-name';

function MutedRow({ person }: { person: MutedProfile }) {
  const { t } = useTranslation();
  const name = authorName(person) ?? t('card.user');
  const { pending, unmute } = useMute(person.id, name);
  return (
    <PersonRow
      person={person}
      name={name}
      action={
        <Button
          size="sm"
          variant="outline"
          aria-label={t('mute.unmuteLabel', { name: isolate(name) })}
          disabled={pending}
          onClick={unmute}
        >
          {t('mute.unmute')}
        </Button>
      }
    />
  );
}

function MutedPeople() {
  const { t } = useTranslation();
  const muted = useMutedProfilesQuery();
  const people = muted.data?.pages.flatMap((page) => page.items) ?? [];
  if (muted.isPending) {
    return (
      <div className="flex flex-col gap-3 px-4 py-2">
        {[0, 1].map((n) => (
          <Skeleton key={n} className="h-12 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (muted.isError) {
    return (
      <EmptyState
        title={t('activitySettings.mutedLoadError')}
        action={<Button onClick={() => void muted.refetch()}>{t('common.tryAgain')}</Button>}
      />
    );
  }
  if (people.length === 0) {
    return <p className="px-4 py-2 text-sm text-muted">{t('activitySettings.mutedEmpty')}</p>;
  }
  return (
    <>
      <ul aria-labelledby="muted-people-heading" className="flex flex-col">
        {people.map((person) => (
          <MutedRow key={person.id} person={person} />
        ))}
      </ul>
      {muted.hasNextPage ? (
        <div className="flex justify-center py-4">
          <Button
            variant="outline"
            disabled={muted.isFetchingNextPage}
            onClick={() => void muted.fetchNextPage()}
          >
            {t('activitySettings.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** /settings/activity: which kinds of activity the viewer hears of, and the people they muted. */
export default function ActivitySettingsScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();

  let body: ReactNode;
  if (!isLoading && !isSignedIn) {
    body = (
      <EmptyState
        icon={<BellOffIcon />}
        title={t('activitySettings.signedOut')}
        action={
          <Link to="/auth" className={buttonClasses()}>
            {t('activitySettings.signIn')}
          </Link>
        }
      />
    );
  } else if (isLoading) {
    body = null;
  } else {
    body = (
      <>
        <section aria-labelledby="activity-kinds-heading">
          <h2 id="activity-kinds-heading" className="px-4 pt-2 text-sm font-semibold text-ink">
            {t('activitySettings.kindsHeading')}
          </h2>
          <p className="px-4 pb-1 text-sm text-muted">{t('activitySettings.description')}</p>
          <ActivitySettingsForm />
        </section>
        <section aria-labelledby="muted-people-heading" className="mt-4">
          <h2 id="muted-people-heading" className="px-4 pt-2 text-sm font-semibold text-ink">
            {t('activitySettings.mutedHeading')}
          </h2>
          <p className="px-4 pb-1 text-sm text-muted">{t('activitySettings.mutedDescription')}</p>
          <MutedPeople />
        </section>
      </>
    );
  }

  return (
    <div className="pb-8">
      <PageHeader title={t('activitySettings.title')} back="/profile" />
      {body}
    </div>
  );
}
