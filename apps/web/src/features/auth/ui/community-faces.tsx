import { GUEST_AVATAR_COUNT } from '@sys/shared';

/**
 * The stock portraits' URLs, as @sys/shared's guestAvatarUrl builds them (community-faces.test.ts
 * checks that they agree). Not imported from there: that module carries the guest profile's schema,
 * and with it zod, which the sign-in screen does not otherwise need.
 */
export const COMMUNITY_FACES = Array.from(
  { length: Math.min(5, GUEST_AVATAR_COUNT) },
  (_, index) => `/guest-avatars/${index + 1}.svg`,
);

/** A row of overlapping portraits above the welcome heading: the community you are joining. Decorative. */
export function CommunityFaces() {
  return (
    <div aria-hidden className="flex justify-center -space-x-3 rtl:space-x-reverse">
      {COMMUNITY_FACES.map((src) => (
        <img
          key={src}
          src={src}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-full border-[3px] border-surface bg-subtle shadow-card"
        />
      ))}
    </div>
  );
}
