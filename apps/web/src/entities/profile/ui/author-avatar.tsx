import { UserRoundIcon } from 'lucide-react';
import { cn } from '@/shared/ui/cn';
import { OwnImage } from '@/shared/ui/own-image';

/** A round avatar; a neutral figure when there is no photo. Decorative: the name is always next to it. */
export function AuthorAvatar({ url, className }: { url: string | null; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-subtle text-muted',
        className,
      )}
    >
      <OwnImage
        src={url}
        alt=""
        className="size-full object-cover"
        loading="lazy"
        decoding="async"
        fallback={<UserRoundIcon className="size-5" />}
      />
    </span>
  );
}
