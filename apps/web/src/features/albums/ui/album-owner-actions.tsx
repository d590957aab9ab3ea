import type { Album } from '@sys/shared';
import { ALBUM_LIMITS, truncateText } from '@sys/shared';
import { GlobeIcon, LockIcon, PencilIcon, Trash2Icon, XIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetAlbumPostMutation } from '@/entities/album/api/set-album-post';
import { ApiError } from '@/shared/api/api-client';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/shared/ui/dialog';
import { FormDialogFooter } from '@/shared/ui/form-dialog-footer';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { showToast } from '@/shared/ui/show-toast';
import { useDeleteAlbumMutation } from '../api/delete-album';
import { useUpdateAlbumMutation } from '../api/update-album';

/** A post's caption can be 2,200 characters: its button's name keeps the first few words. */
function shortLabel(label: string): string {
  const { text, truncated } = truncateText(label, 40);
  return truncated ? `${text.trimEnd()}…` : text;
}

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

interface AlbumDialogProps {
  album: Album;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function RenameAlbumDialog({ album, open, onOpenChange }: AlbumDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(album.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAlbumMutation(album.id);

  const change = (next: boolean) => {
    if (next) {
      setName(album.name);
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The spec's rule for album names: non-blank after trimming (the server refuses it too).
    if (!name.trim()) {
      setError(t('albums.nameRequired'));
      return;
    }
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => {
          void showToast('success', t('albums.renamed'));
          onOpenChange(false);
        },
        onError: (failure) =>
          void showToast('destructive', t('albums.renameError'), { description: serverMessage(failure) }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('albums.renameTitle')}</DialogTitle>
          <DialogDescription>{t('albums.renameDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <FormField label={t('albums.name')} error={error}>
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={ALBUM_LIMITS.nameMaxChars}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(null);
                }}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormDialogFooter
            cancelLabel={t('albums.cancel')}
            submitLabel={t('albums.renameSave')}
            pendingLabel={t('albums.saving')}
            pending={update.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteAlbumDialog({ album, open, onOpenChange }: AlbumDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAlbumMutation(album.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        void showToast('success', t('albums.deleted'));
        onOpenChange(false);
        navigate('/profile', { replace: true });
      },
      onError: (failure) =>
        void showToast('destructive', t('albums.deleteError'), { description: serverMessage(failure) }),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('albums.deleteTitle')}
      description={t('albums.deleteDescription', { name: album.name })}
      confirmLabel={t('albums.deleteConfirm')}
      pendingLabel={t('albums.deleting')}
      cancelLabel={t('albums.cancel')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

/** The owner's controls of an album page: rename, make public or private, delete. */
export function AlbumOwnerActions({ album }: { album: Album }) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateAlbumMutation(album.id);

  const togglePrivacy = () => {
    const isPublic = !album.is_public;
    update.mutate(
      { is_public: isPublic },
      {
        onSuccess: () => void showToast('success', isPublic ? t('albums.nowPublic') : t('albums.nowPrivate')),
        onError: (failure) =>
          void showToast('destructive', t('albums.privacyError'), { description: serverMessage(failure) }),
      },
    );
  };

  return (
    <fieldset aria-label={t('albums.manage')} className="flex flex-wrap gap-2 px-4 pb-3">
      <Button variant="outline" size="sm" className="px-3" onClick={() => setRenaming(true)}>
        <PencilIcon aria-hidden />
        {t('albums.rename')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="px-3"
        disabled={update.isPending}
        onClick={togglePrivacy}
      >
        {album.is_public ? <LockIcon aria-hidden /> : <GlobeIcon aria-hidden />}
        {album.is_public ? t('albums.makePrivate') : t('albums.makePublic')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="px-3 text-danger hover:bg-danger/10"
        onClick={() => setDeleting(true)}
      >
        <Trash2Icon aria-hidden />
        {t('albums.delete')}
      </Button>
      <RenameAlbumDialog album={album} open={renaming} onOpenChange={setRenaming} />
      <DeleteAlbumDialog album={album} open={deleting} onOpenChange={setDeleting} />
    </fieldset>
  );
}

/** The owner's "remove from album" button on one post of the album's grid (the post itself stays). */
export function RemoveFromAlbumButton({
  albumId,
  postId,
  label,
}: {
  albumId: string;
  postId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const setPost = useSetAlbumPostMutation();
  const remove = () =>
    setPost.mutate(
      { albumId, postId, inAlbum: false },
      {
        onSuccess: () => void showToast('success', t('albums.removed')),
        onError: (failure) =>
          void showToast('destructive', t('albums.removeError'), { description: serverMessage(failure) }),
      },
    );
  return (
    <button
      type="button"
      onClick={remove}
      disabled={setPost.isPending}
      aria-label={t('albums.removePost', { post: shortLabel(label) })}
      className="absolute end-1.5 top-1.5 inline-flex size-9 items-center justify-center rounded-full bg-black/60 text-white shadow-sm backdrop-blur-sm transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-50"
    >
      <XIcon aria-hidden className="size-4" />
    </button>
  );
}
