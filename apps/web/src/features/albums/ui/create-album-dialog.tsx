import type { Album } from '@sys/shared';
import { ALBUM_LIMITS } from '@sys/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAlbumMutation } from '@/entities/album/api/create-album';
import { ApiError } from '@/shared/api/api-client';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/shared/ui/dialog';
import { FormDialogFooter } from '@/shared/ui/form-dialog-footer';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { showToast } from '@/shared/ui/show-toast';

export interface CreateAlbumDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (album: Album) => void;
}

/** 'Create new album' on one's own profile: a name (non-blank after trimming), then the new album. */
export function CreateAlbumDialog({ open, onOpenChange, onCreated }: CreateAlbumDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const create = useCreateAlbumMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (album) => {
          void showToast('success', t('albums.created'));
          setName('');
          onOpenChange(false);
          onCreated?.(album);
        },
        onError: (error) =>
          void showToast('destructive', t('albums.createError'), {
            description: error instanceof ApiError ? error.message : undefined,
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('albums.createTitle')}</DialogTitle>
          <DialogDescription>{t('albums.createDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <FormField label={t('albums.name')}>
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={ALBUM_LIMITS.nameMaxChars}
                onChange={(event) => setName(event.target.value)}
                placeholder={t('albums.namePlaceholder')}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormDialogFooter
            cancelLabel={t('albums.cancel')}
            submitLabel={t('albums.create')}
            pending={create.isPending}
            disabled={!name.trim()}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
