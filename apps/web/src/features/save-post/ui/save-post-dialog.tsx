import { ALBUM_LIMITS, type Post } from '@sys/shared';
import {
  BookmarkIcon,
  BookmarkMinusIcon,
  CheckIcon,
  FolderPlusIcon,
  GalleryVerticalEndIcon,
} from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAlbumMutation } from '@/entities/album/api/create-album';
import { useAlbumsQuery } from '@/entities/album/api/get-albums';
import { useSetAlbumPostMutation } from '@/entities/album/api/set-album-post';
import { useSavePostMutation } from '@/entities/post/api/save-post';
import { ApiError } from '@/shared/api/api-client';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/shared/ui/dialog';
import { Input } from '@/shared/ui/input';
import { showToast } from '@/shared/ui/show-toast';
import { Skeleton } from '@/shared/ui/skeleton';

export interface SavePostDialogProps {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function MyAlbums({ post }: { post: Post }) {
  const { t } = useTranslation();
  const albums = useAlbumsQuery({ kind: 'mine', postId: post.id });
  const setInAlbum = useSetAlbumPostMutation();
  const items = albums.data?.pages.flatMap((page) => page.items) ?? [];

  if (albums.isPending) return <Skeleton className="h-24" />;
  if (items.length === 0) return <p className="text-[13px] text-muted">{t('save.noAlbums')}</p>;

  const toggle = (albumId: string, inAlbum: boolean) =>
    setInAlbum.mutate(
      { albumId, postId: post.id, inAlbum },
      {
        onSuccess: () =>
          void showToast('success', inAlbum ? t('save.savedToAlbum') : t('save.removedFromAlbum')),
        onError: () => void showToast('destructive', t('save.albumError')),
      },
    );

  return (
    <ul className="flex max-h-52 flex-col gap-1 overflow-y-auto">
      {items.map((album) => {
        const inAlbum = album.contains_post ?? false;
        return (
          <li key={album.id}>
            <button
              type="button"
              aria-pressed={inAlbum}
              disabled={setInAlbum.isPending}
              onClick={() => toggle(album.id, !inAlbum)}
              className="flex min-h-11 w-full items-center gap-3 rounded-xl px-3 py-2 text-start hover:bg-subtle disabled:opacity-60"
            >
              <GalleryVerticalEndIcon aria-hidden className="size-5 shrink-0 text-muted" />
              <span dir="auto" className="min-w-0 flex-1 truncate font-medium text-ink">
                {album.name}
              </span>
              <span className="text-[13px] text-muted">
                {t('albums.postCount', { count: album.post_count })}
              </span>
              <CheckIcon aria-hidden className={cn('size-5 text-accent-600', !inAlbum && 'invisible')} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function NewAlbumForm({ post, onCreated }: { post: Post; onCreated: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const create = useCreateAlbumMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || create.isPending) return;
    create.mutate(
      { name: name.trim(), post_id: post.id },
      {
        onSuccess: () => {
          void showToast('success', t('save.albumCreated'));
          setName('');
          onCreated();
        },
        onError: (error) =>
          void showToast('destructive', t('save.albumError'), {
            description: error instanceof ApiError ? error.message : undefined,
          }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <Input
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={ALBUM_LIMITS.nameMaxChars}
        placeholder={t('save.newAlbumPlaceholder')}
        aria-label={t('save.newAlbumName')}
        autoComplete="off"
      />
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        <FolderPlusIcon aria-hidden />
        {t('save.createAlbum')}
      </Button>
    </form>
  );
}

/** Save a post: to the wishlist (or out of it), to one of my albums, or to a new album. */
export default function SavePostDialog({ post, open, onOpenChange }: SavePostDialogProps) {
  const { t } = useTranslation();
  const save = useSavePostMutation(post.id);

  const toggle = () => {
    const saved = !post.saved_by_me;
    onOpenChange(false);
    save.mutate(saved, {
      onSuccess: (state) =>
        void showToast('success', saved ? t('save.saved') : t('save.removed'), {
          // Offline: it waits in the outbox and goes out when the connection returns.
          description: state === null ? t('outbox.waiting') : undefined,
        }),
      onError: () => void showToast('destructive', t('save.error')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('save.title')}</DialogTitle>
          <DialogDescription>{t('save.description')}</DialogDescription>
        </DialogHeader>
        <div className="mt-5 flex flex-col gap-4">
          <Button size="lg" variant={post.saved_by_me ? 'outline' : 'primary'} onClick={toggle}>
            {post.saved_by_me ? <BookmarkMinusIcon aria-hidden /> : <BookmarkIcon aria-hidden />}
            {post.saved_by_me ? t('save.remove') : t('save.toWishlist')}
          </Button>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-ink">{t('save.toAlbum')}</h3>
            <MyAlbums post={post} />
          </section>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-ink">{t('save.newAlbum')}</h3>
            <NewAlbumForm post={post} onCreated={() => onOpenChange(false)} />
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
