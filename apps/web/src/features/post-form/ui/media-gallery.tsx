import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LIMITS } from '@sys/shared';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  GripIcon,
  ImagePlusIcon,
  MoreHorizontalIcon,
  Trash2Icon,
} from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/shared/ui/dropdown-menu';
import { showToast } from '@/shared/ui/show-toast';
import { fileKindOf } from '../lib/file-kind';
import { type MediaDraft, newKey } from '../lib/post-form-model';

export interface MediaGalleryProps {
  media: MediaDraft[];
  onChange: (media: MediaDraft[]) => void;
  error?: string;
  errorId?: string;
}

// Small round controls in the tile's corners: the photo stays visible, even three to a row at 390 px.
const tileButton =
  'flex size-8 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm ' +
  'transition-colors hover:bg-black/75 [&_svg]:size-4';

function MediaTile({
  media,
  index,
  count,
  onMove,
  onRemove,
}: {
  media: MediaDraft;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: media.id });
  const position = { index: index + 1, count };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'relative aspect-[4/5] overflow-hidden rounded-xl bg-subtle',
        isDragging && 'z-10 shadow-pop ring-2 ring-accent-600',
      )}
    >
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
      {/* One menu for moving and removing, in the top corner; the drag handle in the bottom one. */}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            className={cn(tileButton, 'absolute end-1 top-1')}
            aria-label={t('gallery.options', position)}
          >
            <MoreHorizontalIcon aria-hidden />
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={index === 0} onSelect={() => onMove(index, index - 1)}>
            <ArrowLeftIcon aria-hidden className="size-5 text-muted rtl:-scale-x-100" />
            {t('gallery.moveEarlier', position)}
          </DropdownMenuItem>
          <DropdownMenuItem disabled={index === count - 1} onSelect={() => onMove(index, index + 1)}>
            <ArrowRightIcon aria-hidden className="size-5 text-muted rtl:-scale-x-100" />
            {t('gallery.moveLater', position)}
          </DropdownMenuItem>
          <DropdownMenuItem className="text-danger" onSelect={() => onRemove(media.id)}>
            <Trash2Icon aria-hidden className="size-5" />
            {t('gallery.remove', position)}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={cn(tileButton, 'absolute bottom-1 end-1 cursor-grab touch-none active:cursor-grabbing')}
        aria-label={t('gallery.drag', position)}
        {...attributes}
        {...listeners}
      >
        <GripIcon aria-hidden />
      </button>
    </li>
  );
}

/**
 * Media Gallery: up to 5 photos or videos (each up to 200MB) with previews; reorder by dragging (pointer,
 * touch or keyboard through dnd-kit) or with each tile's menu, which also removes. The order is the list's order.
 */
export function MediaGallery({ media, onChange, error, errorId }: MediaGalleryProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= media.length) return;
    onChange(arrayMove(media, from, to));
  };
  const remove = (id: string) => {
    const gone = media.find((item) => item.id === id);
    if (gone?.file) URL.revokeObjectURL(gone.previewUrl);
    onChange(media.filter((item) => item.id !== id));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      media.findIndex((item) => item.id === active.id),
      media.findIndex((item) => item.id === over.id),
    );
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

  const ids = media.map((item) => item.id);
  const full = media.length >= LIMITS.mediaPerPostMax;

  return (
    <div className="flex flex-col gap-2">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('gallery.dragInstructions') },
          announcements: {
            onDragStart: ({ active }) => t('gallery.picked', { index: ids.indexOf(String(active.id)) + 1 }),
            onDragOver: ({ over }) =>
              over ? t('gallery.over', { index: ids.indexOf(String(over.id)) + 1 }) : undefined,
            onDragEnd: ({ over }) =>
              over
                ? t('gallery.dropped', { index: ids.indexOf(String(over.id)) + 1 })
                : t('gallery.cancelled'),
            onDragCancel: () => t('gallery.cancelled'),
          },
        }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ol aria-label={t('gallery.list')} className="grid grid-cols-3 gap-2">
            {media.map((item, index) => (
              <MediaTile
                key={item.id}
                media={item}
                index={index}
                count={media.length}
                onMove={move}
                onRemove={remove}
              />
            ))}
            {full ? null : (
              <li className="aspect-[4/5]">
                <button
                  type="button"
                  onClick={() => input.current?.click()}
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
            )}
          </ol>
        </SortableContext>
      </DndContext>
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
