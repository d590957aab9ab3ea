import type { Album } from '@sys/shared';
import { GalleryVerticalEndIcon, LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';
import { Skeleton } from '@/shared/ui/skeleton';
import { HandleText } from '@/shared/ui/tagged-text';
import { VideoStill } from '@/shared/ui/video';

export interface AlbumCardProps {
  album: Album;
  /** Where the card leads: the album's posts page (wishlist, profiles) or Explore's album page. */
  to: string;
  /** Show 'by @user' (not on one's own profile). */
  showOwner?: boolean;
}

function AlbumImage({ album, index, className }: { album: Album; index: number; className?: string }) {
  const image = album.images[index];
  return (
    <span className={cn('block overflow-hidden bg-subtle', className)}>
      {image ? (
        image.type === 'video' ? (
          <span className="relative block size-full">
            <VideoStill src={image.url} />
          </span>
        ) : (
          <OwnImage
            src={image.url}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )
      ) : index === 0 ? (
        <span className="flex size-full items-center justify-center text-muted">
          <GalleryVerticalEndIcon aria-hidden className="size-8" />
        </span>
      ) : null}
    </span>
  );
}

/** An album: its cover and two previews, the name, 'by @user' and the post count (spec section 2). */
export function AlbumCard({ album, to, showOwner = true }: AlbumCardProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="group block overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md"
    >
      <span aria-hidden className="grid aspect-[4/3] grid-cols-3 grid-rows-2 gap-0.5">
        <AlbumImage album={album} index={0} className="col-span-2 row-span-2" />
        <AlbumImage album={album} index={1} />
        <AlbumImage album={album} index={2} />
      </span>
      <span className="flex flex-col gap-0.5 px-3 py-2.5">
        <span className="flex items-center gap-1.5 truncate font-semibold text-ink">
          <span dir="auto" className="truncate">
            {album.name}
          </span>
          {album.is_public ? null : (
            <>
              <LockIcon aria-hidden className="size-3.5 shrink-0 text-muted" />
              <span className="sr-only">{t('albums.private')}</span>
            </>
          )}
        </span>
        {showOwner && album.owner.username ? (
          <span className="truncate text-[13px] text-muted">
            <HandleText i18nKey="albums.by" username={album.owner.username} />
          </span>
        ) : null}
        <span className="text-[13px] text-muted">{t('albums.postCount', { count: album.post_count })}</span>
      </span>
    </Link>
  );
}

export function AlbumGrid({ children }: { children: React.ReactNode }) {
  return <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">{children}</ul>;
}

export function AlbumGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div aria-hidden className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="aspect-[4/5] rounded-2xl" />
      ))}
    </div>
  );
}
