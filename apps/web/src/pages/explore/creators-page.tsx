import type { Creator } from '@sys/shared';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowAuthorMutation } from '@/entities/post/api/follow-author';
import { followToasts } from '@/entities/post/lib/follow-toasts';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { Skeleton } from '@/shared/ui/skeleton';
import { useCreatorsQuery } from './api/get-sub-pages';
import { CreatorCard } from './ui/creator-card';

/** /explore/creators: creators by followers, two columns, each with a Follow button that follows. */
export default function CreatorsScreen() {
  const { t } = useTranslation();
  const creators = useCreatorsQuery();
  const { prompt, dialog } = useRegistrationPrompt();
  return (
    <div className="flex flex-1 flex-col pb-8">
      <PageHeader title={t('screens.creators.title')} back="/explore" />
      {creators.isPending ? (
        <Skeleton className="mx-4 h-60" />
      ) : creators.isError ? (
        <LoadError title={t('explore.pageError')} onRetry={() => void creators.refetch()} />
      ) : creators.data.items.length === 0 ? (
        <EmptyState icon={<UsersIcon />} title={t('explore.noCreators')} />
      ) : (
        <ul className="grid grid-cols-2 gap-2 px-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
          {creators.data.items.map((creator) => (
            <li key={creator.id}>
              <FollowableCreator creator={creator} onNeedAccount={() => prompt(t('card.prompt.follow'))} />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}

function FollowableCreator({ creator, onNeedAccount }: { creator: Creator; onNeedAccount: () => void }) {
  const { t } = useTranslation();
  const { isSignedIn, viewerId } = useViewer();
  const follow = useFollowAuthorMutation(creator.id);
  // The creators list is not a post cache: the card keeps its own optimistic state, the followers count
  // with it (it stayed as loaded while the button said Following), then the server's count.
  const [following, setFollowing] = useState(creator.is_following);
  const [followers, setFollowers] = useState(creator.followers_count);
  const toggle = () => {
    if (!isSignedIn) return onNeedAccount();
    const next = !following;
    const before = followers;
    setFollowing(next);
    setFollowers(Math.max(0, before + (next ? 1 : -1)));
    const toasts = followToasts(t, next);
    follow.mutate(next, {
      onSuccess: (state) => {
        setFollowers(state.stats.followers_count);
        toasts.onSuccess();
      },
      onError: () => {
        setFollowing(!next);
        setFollowers(before);
        toasts.onError();
      },
    });
  };
  return (
    <CreatorCard
      creator={{ ...creator, followers_count: followers }}
      following={following}
      onToggleFollow={viewerId === creator.id ? undefined : toggle}
    />
  );
}
