import {
  CompassIcon,
  HeartIcon,
  HomeIcon,
  type LucideIcon,
  MessageCircleIcon,
  PlusIcon,
  UserRoundIcon,
} from 'lucide-react';

export type NavLabelKey =
  | 'nav.home'
  | 'nav.explore'
  | 'nav.create'
  | 'nav.wishlist'
  | 'nav.messages'
  | 'nav.profile';

export interface NavItem {
  /** `link`: a destination; `create`: asks a visitor to sign up first (the bar's Create button). */
  kind: 'link' | 'create';
  to: string;
  labelKey: NavLabelKey;
  icon: LucideIcon;
  /** Only this exact path marks the item current (not the paths below it). */
  end?: boolean;
  /** Carries the unread messages count for a signed-in person. */
  unreadBadge?: boolean;
  /** Shown in the navigation rail only: on phones the header holds it. */
  railOnly?: boolean;
  /** The icon points along the reading direction, so Hebrew mirrors it. */
  mirrored?: boolean;
}

/**
 * The app's destinations, in order, for the bottom bar (phones) and the navigation rail (tablet and
 * wider). One list, so both always agree on labels, icons, paths and which one is current.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { kind: 'link', to: '/', labelKey: 'nav.home', icon: HomeIcon, end: true },
  { kind: 'link', to: '/explore', labelKey: 'nav.explore', icon: CompassIcon },
  { kind: 'create', to: '/create-post', labelKey: 'nav.create', icon: PlusIcon },
  { kind: 'link', to: '/wishlist', labelKey: 'nav.wishlist', icon: HeartIcon },
  {
    kind: 'link',
    to: '/messages',
    labelKey: 'nav.messages',
    icon: MessageCircleIcon,
    unreadBadge: true,
    railOnly: true,
    mirrored: true,
  },
  // /profile/{username} is someone else's profile, not "my" tab.
  { kind: 'link', to: '/profile', labelKey: 'nav.profile', icon: UserRoundIcon, end: true },
];

/** The items of the bottom bar: every destination but those the header carries on phones. */
export const BOTTOM_BAR_ITEMS: readonly NavItem[] = NAV_ITEMS.filter((item) => !item.railOnly);
