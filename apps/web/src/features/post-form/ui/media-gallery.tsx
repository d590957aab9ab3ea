import { LIMITS } from '@sys/shared';
import { type ChangeEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModule, useLazyModule, usePreloadWhenIdle } from '@/shared/lib/lazy';
import { showToast } from '@/shared/ui/show-toast';
import { fileKindOf } from '../lib/file-kind';
import { type MediaDraft, newKey } from '../lib/post-form-model';
import { AddMediaTile, MediaPreview, mediaListClass, mediaTileClass } from './media-tile';

export interface MediaGalleryProps {
  media: MediaDraft[];
  onChange: (media: MediaDraft[]) => void;
  error?: string;
  errorId?: string;
}

// Dragging and the tiles' menus (dnd-kit, Radix menu, floating-ui): not with the screen, but once there is
// something to reorder, or earlier when the browser is idle.
const sortableMediaList = lazyModule(() => import('./sortable-media-list'));

/** The list with `item` moved from `from` to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Media Gallery: up to 5 photos or videos (each up to 200MB) with previews; reorder by dragging (pointer,
 * touch or keyboard through dnd-kit) or with each tile's menu, which also removes. The order is the list's
 * order. Until the reordering code is loaded, the tiles show without their drag handle and menu.
 */
export function MediaGallery({ media, onChange, error, errorId }: MediaGalleryProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  usePreloadWhenIdle(sortableMediaList.load);
  const sortable = useLazyModule(sortableMediaList, media.length > 0);

  const move = (from: number, to: number) => {
    if (from < 0 || to < 0 || to >= media.length) return;
    onChange(moved(media, from, to));
  };
  const remove = (id: string) => {
    const gone = media.find((item) => item.id === id);
    if (gone?.file) URL.revokeObjectURL(gone.previewUrl);
    onChange(media.filter((item) => item.id !== id));
  };
  // The files are read before they are added: the list may change meanwhile, so add to the latest one.
  const latest = useRef(media);
  latest.current = media;

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const kinds = await Promise.all(files.map(fileKindOf));
    const current = latest.current;
    const added: MediaDraft[] = [];
    for (const [index, file] of files.entries()) {
      const type = kinds[index];
      if (!type) {
        void showToast('destructive', t('gallery.invalidType'), {
          description: t('gallery.invalidTypeDescription'),
        });
        continue;
      }
      if (file.size > LIMITS.mediaMaxBytes) {
        void showToast('destructive', t('gallery.tooLarge'), {
          description: t('gallery.tooLargeDescription'),
        });
        continue;
      }
      if (current.length + added.length >= LIMITS.mediaPerPostMax) {
        void showToast('destructive', t('gallery.tooMany'), {
          description: t('gallery.tooManyDescription', { max: LIMITS.mediaPerPostMax }),
        });
        break;
      }
      added.push({ id: newKey('media'), type, file, previewUrl: URL.createObjectURL(file) });
    }
    if (added.length > 0) onChange([...current, ...added]);
  };

  const full = media.length >= LIMITS.mediaPerPostMax;
  const withControls = sortable !== undefined && media.length > 0;

  // The list is drawn anew when its controls arrive: the add button keeps the focus it had.
  const addButton = useRef<HTMLButtonElement>(null);
  const addHadFocus = useRef(false);
  addHadFocus.current = addButton.current !== null && document.activeElement === addButton.current;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list is drawn anew.
  useLayoutEffect(() => {
    if (addHadFocus.current && document.activeElement !== addButton.current)
      addButton.current?.focus({ preventScroll: true });
  }, [withControls]);

  const addTile = full ? null : (
    <AddMediaTile
      onClick={() => input.current?.click()}
      error={error}
      errorId={errorId}
      buttonRef={addButton}
    />
  );

  return (
    <div className="flex flex-col gap-2">
      {withControls ? (
        <sortable.SortableMediaList media={media} onMove={move} onRemove={remove} addTile={addTile} />
      ) : (
        <ol aria-label={t('gallery.list')} className={mediaListClass}>
          {media.map((item, index) => (
            <li key={item.id} className={mediaTileClass}>
              <MediaPreview media={item} index={index} count={media.length} />
            </li>
          ))}
          {addTile}
        </ol>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={t('gallery.add')}
        data-testid="media-input"
        onChange={(event) => void addFiles(event)}
      />
      <p className="text-[13px] text-muted">
        {t('gallery.hint', { count: media.length, max: LIMITS.mediaPerPostMax })}
      </p>
      {error ? (
        <p id={errorId} className="text-[13px] text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
