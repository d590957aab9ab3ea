import { groupDigits } from '../domain/group-digits.ts';
import { LIMITS } from './limits.ts';

/**
 * Our own limits of posts, where the spec gives none. A constant, apart from the zod schemas of
 * schemas/posts.ts (which re-exports it), so that screens reading a limit do not load zod.
 */
export const POST_LIMITS = {
  /** Custom brand, size, colour, pattern and type values. */
  customValueMaxChars: 60,
  itemTitleMaxChars: 300,
  urlMaxChars: 2048,
  itemsPerPostMax: 20,
  styleMaxChars: 40,
  commentMaxChars: 2200,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** The largest price the database column (numeric(12,2)) holds. */
  priceMax: 9_999_999_999.99,
} as const;

/**
 * The spec's messages (sections 5 and 8), word for word. Apart from the zod schemas too: a screen that
 * translates a server error must not load zod for it.
 */
export const POST_MESSAGES = {
  mediaRequired: 'Please add at least one image or video',
  mediaTooMany: `You can add up to ${LIMITS.mediaPerPostMax} images or videos`,
  linkRequired: 'Please add a purchase link for each item',
  linkNotWeb: 'A purchase link must be a web address (http or https)',
  linkInvalid: 'This purchase link is not a valid web address, for example shop.com/item',
  captionTooLong: `Caption must be at most ${groupDigits(LIMITS.captionMaxChars)} characters`,
  tooManyStyles: `You can choose up to ${LIMITS.styleCategoriesPerPostMax} styles`,
  invalidPrice: 'Price must be a number with at most two decimals',
  commentEmpty: 'Comment cannot be empty',
  notAuthenticated: 'User not authenticated',
  notOwner: 'You can only edit your own posts',
  notCommentOwner: 'You can only delete your own comments',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  itemNotFound: 'Item not found',
  mediaNotOurs: 'Media must be uploaded to SYS first',
  fileTooLarge: 'File too large',
  invalidFileType: 'Invalid file type',
} as const;
