import { GalleryVerticalEndIcon, LockIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlbumQuery } from '@/entities/album/api/get-album';
import { useAlbumPostsQuery } from '@/entities/album/api/get-album-posts';
import { PostGrid, PostGridSkeleton } from '@/entities/post/ui/post-grid';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { ApiError } from '@/shared/api/api-client';
import { Button, buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Input } from '@/shared/ui/input';
import { PageHeader } from '@/shared/ui/layout/page-header';
import { LoadError } from '@/shared/ui/load-error';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';
import { HandleText } from '@/shared/ui/tagged-text';
import { useSaveAlbumMutation } from '../api/save-album';
import { AlbumOwnerActions, RemoveFromAlbumButton } from './album-owner-actions';

function SaveAlbumButton({ albumId, saved }: { albumId: string; saved: boolean }) {
  const { t } = useTranslation();
  const { isSignedIn } = useViewer();
  const { prompt, dialog } = useRegistrationPrompt();
  const save = useSaveAlbumMutation(albumId);
  const toggle = () => {
    if (!isSignedIn) {
      prompt(t('albums.promptSave'));
      return;
    }
    save.mutate(!saved, {
      onSuccess: () => void showToast('success', saved ? t('albums.unsaved') : t('albums.saved')),
      onError: () => void showToast('destructive', t('albums.saveError')),
    });
  };
  return (
    <>
      <Button size="sm" variant={saved ? 'outline' : 'primary'} aria-pressed={saved} onClick={toggle}>
        {saved ? t('albums.savedLabel') : t('albums.save')}
      </Button>
      {dialog}
    </>
  );
}

function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** An album's header, a search over its posts and a 2-column grid of 8 posts at a time. */
export function AlbumPostsView({ albumId, back }: { albumId: string; back: string }) {
  const { t } = useTranslation();
  const { viewerId } = useViewer();
  const album = useAlbumQuery(albumId);
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim());
  const posts = useAlbumPostsQuery(albumId, search, { enabled: album.isSuccess });
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  if (album.isPending) {
    return (
      <>
        <PageHeader title={<Skeleton className="h-6 w-40" />} back={back} />
        <div className="px-4">
          <PostGridSkeleton columns={2} count={4} />
        </div>
      </>
    );
  }
  if (album.isError) {
    const notFound =
      album.error instanceof ApiError && (album.error.status === 404 || album.error.status === 400);
    return (
      <>
        <PageHeader title={t('albums.album')} back={back} />
        <EmptyState
          icon={<GalleryVerticalEndIcon />}
          title={notFound ? t('albums.notFound') : t('albums.albumLoadError')}
          action={
            notFound ? (
              <Link to="/explore/albums" className={buttonClasses()}>
                {t('albums.browse')}
              </Link>
            ) : (
              <Button onClick={() => void album.refetch()}>{t('albums.tryAgain')}</Button>
            )
          }
        />
      </>
    );
  }

  const data = album.data;
  const isOwner = viewerId === data.owner.id;
  return (
    <div className="pb-8">
      <PageHeader title={data.name} titleDir="auto" back={back} />
      <div className="flex items-center justify-between gap-3 px-4 pb-3">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-[13px] text-muted">
          {data.owner.username ? (
            <Link
              to={`/profile/${encodeURIComponent(data.owner.username)}`}
              className="font-medium text-ink hover:underline"
            >
              <HandleText i18nKey="albums.by" username={data.owner.username} />
            </Link>
          ) : null}
          <span>{t('albums.postCount', { count: data.post_count })}</span>
          {data.is_public ? null : (
            <span className="inline-flex items-center gap-1">
              <LockIcon aria-hidden className="size-3.5" />
              {t('albums.private')}
            </span>
          )}
        </p>
        {isOwner ? null : <SaveAlbumButton albumId={data.id} saved={data.saved_by_me} />}
      </div>
      {isOwner ? <AlbumOwnerActions album={data} /> : null}
      <div className="relative px-4 pb-4">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute start-7 top-[22px] size-5 -translate-y-1/2 text-muted"
        />
        <Input
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder={t('albums.search')}
          aria-label={t('albums.search')}
          className="ps-10"
        />
      </div>
      <div className="px-4">
        {posts.isPending ? (
          <PostGridSkeleton columns={2} count={4} />
        ) : posts.isError && !posts.data ? (
          <LoadError title={t('albums.postsLoadError')} onRetry={() => void posts.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<GalleryVerticalEndIcon />}
            title={search ? t('albums.noMatches') : t('albums.empty')}
            description={search ? t('albums.tryDifferent') : undefined}
          />
        ) : (
          <>
            <PostGrid
              posts={items}
              columns={2}
              action={
                isOwner
                  ? (post, label) => (
                      <RemoveFromAlbumButton albumId={data.id} postId={post.id} label={label} />
                    )
                  : undefined
              }
            />
            {posts.hasNextPage ? (
              <div className="flex justify-center py-4">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={posts.isFetchingNextPage}
                  onClick={() => void posts.fetchNextPage()}
                >
                  {t('albums.showMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
