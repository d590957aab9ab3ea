import { ImagePlusIcon } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';
import type { MediaDraft } from '../lib/post-form-model';

/*
 * The gallery's pieces drawn the same before and after its reordering code (sortable-media-list.tsx)
 * arrives: the tiles do not move or change size when their corner controls appear.
 */

/** The list of tiles: three to a row. */
export const mediaListClass = 'grid grid-cols-3 gap-2';

/** One photo or video of the list. */
export const mediaTileClass = 'relative aspect-[4/5] overflow-hidden rounded-xl bg-subtle';

/** A tile's photo or video and its number. */
export function MediaPreview({ media, index, count }: { media: MediaDraft; index: number; count: number }) {
  const { t } = useTranslation();
  const position = { index: index + 1, count };
  return (
    <>
      {media.type === 'video' ? (
        <video
          src={media.previewUrl}
          muted
          playsInline
          preload="metadata"
          className="size-full object-cover"
          aria-label={t('gallery.item', position)}
        />
      ) : (
        <img src={media.previewUrl} alt={t('gallery.item', position)} className="size-full object-cover" />
      )}
      <span
        aria-hidden
        className="absolute start-1.5 top-1.5 flex size-6 items-center justify-center rounded-full bg-white text-xs font-bold text-ink"
      >
        {index + 1}
      </span>
    </>
  );
}

export interface AddMediaTileProps {
  onClick: () => void;
  error?: string;
  errorId?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The last tile: adds photos or videos. */
export function AddMediaTile({ onClick, error, errorId, buttonRef }: AddMediaTileProps) {
  const { t } = useTranslation();
  return (
    <li className="aspect-[4/5]">
      <button
        ref={buttonRef}
        type="button"
        onClick={onClick}
        aria-describedby={errorId}
        // The first problem of the form is found by this mark, scrolled to and focused.
        data-invalid={error ? 'true' : undefined}
        className={cn(
          'flex size-full flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed border-line-strong',
          'px-2 text-center text-[13px] font-medium text-ink-soft hover:border-accent-400 hover:bg-accent-50',
          error && 'border-danger',
        )}
      >
        <ImagePlusIcon aria-hidden className="size-7 text-accent-600" />
        {t('gallery.add')}
      </button>
    </li>
  );
}
