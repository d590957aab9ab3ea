import type { BlockedProfile } from '@sys/shared';
import { BanIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authorName } from '@/entities/post/lib/post-display';
import { PersonRow } from '@/entities/profile/ui/person-row';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useBlockedProfilesQuery } from '@/features/block/api/get-blocked-profiles';
import { useUnblock } from '@/features/block/model/use-unblock';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { isolated as isolate } from '@/shared/ui/user-name';

function BlockedRow({ person }: { person: BlockedProfile }) {
  const { t } = useTranslation();
  const name = authorName(person) ?? t('card.user');
  const { pending, unblock } = useUnblock(person.id, name);
  return (
    <PersonRow
      person={person}
      name={name}
      action={
        <Button
          size="sm"
          variant="outline"
          aria-label={t('blockedPeople.unblockLabel', { name: isolate(name) })}
          disabled={pending}
          onClick={unblock}
        >
          {t('block.unblock')}
        </Button>
      }
    />
  );
}

/** /settings/blocked: the people the viewer blocked, each with Unblock. */
export default function BlockedPeopleScreen() {
  const { t } = useTranslation();
  const { isSignedIn, isLoading } = useViewer();
  const blocked = useBlockedProfilesQuery();
  const people = blocked.data?.pages.flatMap((page) => page.items) ?? [];

  let body: ReactNode;
  if (!isLoading && !isSignedIn) {
    body = (
      <EmptyState
        icon={<BanIcon />}
        title={t('blockedPeople.signedOut')}
        action={
          <Link to="/auth" className={buttonClasses()}>
            {t('blockedPeople.signIn')}
          </Link>
        }
      />
    );
  } else if (isLoading || blocked.isPending) {
    body = (
      <div className="flex flex-col gap-3 px-4 py-2">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-12 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (blocked.isError) {
    body = (
      <EmptyState
        title={t('blockedPeople.loadError')}
        action={<Button onClick={() => void blocked.refetch()}>{t('common.tryAgain')}</Button>}
      />
    );
  } else if (people.length === 0) {
    body = (
      <EmptyState
        icon={<BanIcon />}
        title={t('blockedPeople.empty')}
        description={t('blockedPeople.emptyDescription')}
      />
    );
  } else {
    body = (
      <>
        <ul aria-label={t('blockedPeople.title')} className="flex flex-col">
          {people.map((person) => (
            <BlockedRow key={person.id} person={person} />
          ))}
        </ul>
        {blocked.hasNextPage ? (
          <div className="flex justify-center py-4">
            <Button
              variant="outline"
              disabled={blocked.isFetchingNextPage}
              onClick={() => void blocked.fetchNextPage()}
            >
              {t('blockedPeople.more')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="pb-8">
      <PageHeader title={t('blockedPeople.title')} back="/profile" />
      <p className="px-4 pb-2 text-sm text-muted">{t('blockedPeople.description')}</p>
      {body}
    </div>
  );
}
