import type { Db } from '../db/client.ts';
import { appendAlbumPost, insertAlbum, insertSavedAlbum } from '../modules/albums/albums.repository.ts';
import { insertFollow } from '../modules/follows/follows.repository.ts';
import {
  insertConversation,
  insertMessage,
  insertParticipants,
  markReadUntil,
  touchConversation,
} from '../modules/messages/messages.repository.ts';
import { findItemsOfPosts, findProfilePostsPage } from '../modules/posts/posts.repository.ts';
import { insertSavedPost } from '../modules/social/social.repository.ts';
import { insertSavedItem } from '../modules/wishlist/wishlist.repository.ts';
import { DEMO_PROFILE_IDS, DEMO_PROFILES } from './demo.data.ts';
import type { DemoStep } from './demo.step.ts';

/**
 * The people of the demo (the people issue): who follows whom, public albums built from the demo
 * posts (and one private one), wishlists with saved posts, products and albums, and a few
 * conversations with unread messages, so that profiles, Explore's albums, the wishlist and messages
 * all show real content on first start. Posts are found by the styles their captions end with, so
 * the step keeps working when the demo posts change; with no posts it seeds follows and messages only.
 */

type Creator = keyof typeof DEMO_PROFILE_IDS;

const id = (creator: Creator) => DEMO_PROFILE_IDS[creator];

const HOUR = 3_600_000;

/** Mutual where it reads naturally; Amara, the most followed, follows only two people back. */
const FOLLOWS: Record<Creator, Creator[]> = {
  noa: ['maya', 'amara', 'sofia'],
  maya: ['noa', 'amara'],
  daniel: ['noa', 'sofia', 'amara'],
  amara: ['maya', 'sofia'],
  sofia: ['noa', 'amara', 'daniel'],
};

interface DemoAlbum {
  owner: Creator;
  name: string;
  isPublic: boolean;
  /** Posts carrying any of these style hashtags (as stored: '#PlusSize'), newest first. */
  styles: string[];
  max: number;
}

const ALBUMS: DemoAlbum[] = [
  { owner: 'noa', name: 'Minimal Everyday', isPublic: true, styles: ['#Minimalist', '#Modern'], max: 6 },
  { owner: 'maya', name: 'Curve Confidence', isPublic: true, styles: ['#Curve', '#PlusSize'], max: 6 },
  {
    owner: 'sofia',
    name: 'Beach & Boho',
    isPublic: true,
    styles: ['#Beach', '#Bohemian', '#Vacation'],
    max: 6,
  },
  { owner: 'daniel', name: 'Street Rotation', isPublic: true, styles: ['#Streetwear', '#Urban'], max: 6 },
  { owner: 'noa', name: 'Gift ideas', isPublic: false, styles: ['#Elegant'], max: 2 },
];

/** Who saves what: the nth newest post of a creator, its first item, and albums by name. */
const WISHLISTS: { by: Creator; posts: [Creator, number][]; items: [Creator, number][]; albums: string[] }[] =
  [
    {
      by: 'noa',
      posts: [
        ['maya', 0],
        ['sofia', 0],
        ['amara', 0],
        ['daniel', 0],
        ['amara', 2],
      ],
      items: [
        ['sofia', 0],
        ['amara', 0],
        ['maya', 1],
      ],
      albums: ['Curve Confidence', 'Beach & Boho'],
    },
    {
      by: 'maya',
      posts: [
        ['noa', 0],
        ['amara', 1],
      ],
      items: [['noa', 0]],
      albums: ['Minimal Everyday'],
    },
    {
      by: 'daniel',
      posts: [['sofia', 1]],
      items: [['sofia', 1]],
      albums: ['Minimal Everyday', 'Beach & Boho'],
    },
  ];

/** Conversations, each started by someone who follows the other; `hoursAgo` dates every message. */
const CONVERSATIONS: {
  between: [Creator, Creator];
  messages: { from: Creator; hoursAgo: number; text: string }[];
}[] = [
  {
    between: ['noa', 'maya'],
    messages: [
      {
        from: 'noa',
        hoursAgo: 30,
        text: 'Your floral midi from yesterday is everything 🌸 Where is it from?',
      },
      { from: 'maya', hoursAgo: 29.5, text: "Thank you!! It's ASOS Curve, runs true to size" },
      { from: 'noa', hoursAgo: 29, text: 'Ordering it now 😍' },
      { from: 'maya', hoursAgo: 3, text: 'תייגי אותי כשתלבשי! 💕' },
    ],
  },
  {
    between: ['daniel', 'sofia'],
    messages: [
      {
        from: 'daniel',
        hoursAgo: 50,
        text: "Those vintage jeans are fire. Any thrift spots in Barcelona you'd recommend?",
      },
      { from: 'sofia', hoursAgo: 48, text: 'Always! Els Encants market on Saturday mornings 👌' },
      { from: 'daniel', hoursAgo: 47, text: 'Saving that for my trip next month' },
    ],
  },
  {
    between: ['noa', 'amara'],
    messages: [
      { from: 'noa', hoursAgo: 20, text: 'Hi Amara! Would love to collab on a neutral tones post' },
      { from: 'amara', hoursAgo: 2, text: "Yes! Let's plan it next week ✨" },
    ],
  },
];

interface DemoPostRef {
  id: string;
  caption: string;
}

/** Every demo creator's posts, newest first. */
async function postsByCreator(db: Db): Promise<Map<Creator, DemoPostRef[]>> {
  const result = new Map<Creator, DemoPostRef[]>();
  for (const creator of Object.keys(DEMO_PROFILE_IDS) as Creator[]) {
    const username = DEMO_PROFILES.find((profile) => profile.id === id(creator))?.username;
    if (!username) throw new Error(`demo creator ${creator} has no profile`);
    // Asked as the creator: their private posts too.
    const page = await findProfilePostsPage(db, username, { viewerId: id(creator), limit: 50 });
    result.set(
      creator,
      (page?.posts ?? []).map((post) => ({ id: post.id, caption: post.caption })),
    );
  }
  return result;
}

const hasStyle = (caption: string, styles: string[]) => {
  const tags = new Set((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).map((tag) => tag.toLowerCase()));
  return styles.some((style) => tags.has(style.toLowerCase()));
};

export const peopleStep: DemoStep = {
  name: 'people',
  async seed({ db }) {
    let follows = 0;
    for (const [follower, followed] of Object.entries(FOLLOWS) as [Creator, Creator[]][]) {
      for (const other of followed) if (await insertFollow(db, id(follower), id(other))) follows += 1;
    }

    const posts = await postsByCreator(db);
    const allPosts = [...posts.values()].flat();
    const albumIds = new Map<string, string>();
    let albumPosts = 0;
    for (const album of ALBUMS) {
      const chosen = allPosts.filter((post) => hasStyle(post.caption, album.styles)).slice(0, album.max);
      if (album.isPublic && chosen.length === 0) continue;
      const row = await insertAlbum(db, {
        profile_id: id(album.owner),
        name: album.name,
        is_public: album.isPublic,
      });
      albumIds.set(album.name, row.id);
      for (const post of chosen) if (await appendAlbumPost(db, row.id, post.id)) albumPosts += 1;
    }

    const saved = { posts: 0, items: 0, albums: 0 };
    for (const wishlist of WISHLISTS) {
      const profileId = id(wishlist.by);
      for (const [creator, index] of wishlist.posts) {
        const post = posts.get(creator)?.[index];
        if (!post) continue;
        await insertSavedPost(db, post.id, profileId);
        saved.posts += 1;
      }
      for (const [creator, index] of wishlist.items) {
        const post = posts.get(creator)?.[index];
        const [item] = post ? await findItemsOfPosts(db, [post.id]) : [];
        if (!item) continue;
        await insertSavedItem(db, profileId, item.id);
        saved.items += 1;
      }
      for (const name of wishlist.albums) {
        const albumId = albumIds.get(name);
        if (!albumId) continue;
        await insertSavedAlbum(db, profileId, albumId);
        saved.albums += 1;
      }
    }

    const now = Date.now();
    let messages = 0;
    for (const conversation of CONVERSATIONS) {
      const [a, b] = conversation.between.map(id) as [string, string];
      const created = await insertConversation(db, a < b ? `${a}:${b}` : `${b}:${a}`);
      if (!created) continue;
      await insertParticipants(db, created.id, [a, b]);
      for (const message of conversation.messages) {
        const at = new Date(now - message.hoursAgo * HOUR);
        await insertMessage(db, {
          conversation_id: created.id,
          sender_id: id(message.from),
          body: message.text,
          created_at: at,
        });
        await touchConversation(db, created.id, at);
        // Writing a message means having read the conversation up to it; later ones stay unread.
        await markReadUntil(db, created.id, id(message.from), at);
        messages += 1;
      }
    }

    return (
      `${follows} follows, ${albumIds.size} albums with ${albumPosts} posts, ` +
      `saved ${saved.posts} posts, ${saved.items} products and ${saved.albums} albums, ` +
      `${CONVERSATIONS.length} conversations with ${messages} messages`
    );
  },
};
