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
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowLeftIcon, ArrowRightIcon, GripIcon, MoreHorizontalIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/shared/ui/dropdown-menu';
import type { MediaDraft } from '../lib/post-form-model';
import { MediaPreview, mediaListClass, mediaTileClass } from './media-tile';

/*
 * The gallery's reordering: dragging (pointer, touch or keyboard, through dnd-kit) and each tile's menu
 * (move earlier, later, remove). Loaded apart from the screen (about 25 kB gzip with the menu's Radix
 * and floating-ui code), once there is a photo or when the browser is idle; media-gallery.tsx draws the
 * same tiles without their corner controls until then.
 */

export interface SortableMediaListProps {
  media: MediaDraft[];
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
  /** The add tile, drawn last. */
  addTile: ReactNode;
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
      className={cn(mediaTileClass, isDragging && 'z-10 shadow-pop ring-2 ring-accent-600')}
    >
      <MediaPreview media={media} index={index} count={count} />
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

/** The gallery's tiles with their drag handles and menus, and the add tile. */
export function SortableMediaList({ media, onMove, onRemove, addTile }: SortableMediaListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = media.map((item) => item.id);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
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
            over ? t('gallery.dropped', { index: ids.indexOf(String(over.id)) + 1 }) : t('gallery.cancelled'),
          onDragCancel: () => t('gallery.cancelled'),
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ol aria-label={t('gallery.list')} className={mediaListClass}>
          {media.map((item, index) => (
            <MediaTile
              key={item.id}
              media={item}
              index={index}
              count={media.length}
              onMove={onMove}
              onRemove={onRemove}
            />
          ))}
          {addTile}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
