import {
  type CreatePostBody,
  type Currency,
  DEFAULT_CURRENCY,
  LIMITS,
  type MediaType,
  normalizeLink,
  POST_MESSAGES,
  type Post,
  STYLES,
  splitStyleHashtags,
} from '@sys/shared';

/*
 * The create/edit form's values (spec section 3, 'Post item (form)' and 'Media item (form)') and how
 * they become the API's request. The form validates with the same zod schema as the server, so both
 * speak the spec's messages (validate-post-form.ts: zod loads apart from the screen, see there).
 */

/** A photo or video of the gallery; its order is its position in the list (renumbered from 0). */
export interface MediaDraft {
  id: string;
  type: MediaType;
  /** What the form shows: an object URL of the file, or the stored media's URL. */
  previewUrl: string;
  /** A file picked here, still to upload. */
  file?: File;
  /** Already stored (editing, or uploaded by an earlier attempt). */
  remoteUrl?: string;
}

export interface ItemDraft {
  /** The form's own key for the item. */
  key: string;
  /** The stored item's id when editing: it keeps its click history. */
  id?: string;
  type: string;
  brand: string;
  link: string;
  size: string;
  color: string;
  pattern: string;
  title: string;
  /** As typed: '' for none. */
  price: string;
  currency: Currency;
  /** The chosen image: a scraped image, the stored one, or '' (none, or an uploaded file below). */
  imageUrl: string;
  /** Images the scraper found, best first. */
  availableImages: string[];
  selectedImageIndex: number | null;
  /** An image picked from the device, uploaded when publishing. */
  imageFile?: File;
  imagePreview?: string;
}

export interface PostFormValues {
  caption: string;
  media: MediaDraft[];
  items: ItemDraft[];
  /** The chosen style categories (at most 3). */
  styles: string[];
  customStyles: string[];
  customBrands: string[];
  customSizes: string[];
  customColors: string[];
  customPatterns: string[];
  customTypes: string[];
}

let counter = 0;
/** A key unique in this page. */
export function newKey(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export function emptyItem(): ItemDraft {
  return {
    key: newKey('item'),
    type: '',
    brand: '',
    link: '',
    size: '',
    color: '',
    pattern: '',
    title: '',
    price: '',
    currency: DEFAULT_CURRENCY,
    imageUrl: '',
    availableImages: [],
    selectedImageIndex: null,
  };
}

export function emptyPostForm(): PostFormValues {
  return {
    caption: '',
    media: [],
    items: [],
    styles: [],
    customStyles: [],
    customBrands: [],
    customSizes: [],
    customColors: [],
    customPatterns: [],
    customTypes: [],
  };
}

/** A stored post as the edit form's values; the style hashtags at the end of its caption become styles. */
export function postToFormValues(post: Post): PostFormValues {
  const { caption, styles } = splitStyleHashtags(post.caption, STYLES);
  return {
    ...emptyPostForm(),
    caption,
    styles: styles.slice(0, LIMITS.styleCategoriesPerPostMax),
    media: post.media.map((media) => ({
      id: media.id,
      type: media.media_type,
      previewUrl: media.media_url,
      remoteUrl: media.media_url,
    })),
    items: post.items.map((item) => ({
      ...emptyItem(),
      id: item.id,
      type: item.item_type ?? '',
      brand: item.brand ?? '',
      link: item.link,
      size: item.size ?? '',
      color: item.color ?? '',
      pattern: item.pattern ?? '',
      title: item.title ?? '',
      price: item.price === null ? '' : String(item.price),
      currency: item.currency,
      imageUrl: item.image_url ?? '',
    })),
  };
}

/** Where files went when they were uploaded: media id or item key -> stored URL. */
export type UploadedUrls = ReadonlyMap<string, string>;

/**
 * The request body. Media and item images not uploaded yet get a stand-in URL (for validation before
 * uploading); the real body is built again once `uploaded` has every file.
 */
export function toPostBody(values: PostFormValues, uploaded: UploadedUrls = new Map()): CreatePostBody {
  return {
    caption: values.caption,
    styles: values.styles,
    media: values.media.map((media, order) => ({
      url: media.remoteUrl ?? uploaded.get(media.id) ?? `/media/pending/${media.id}`,
      type: media.type,
      order,
    })),
    items: values.items.map((item) => ({
      ...(item.id ? { id: item.id } : {}),
      item_type: item.type,
      brand: item.brand,
      link: normalizeLink(item.link),
      size: item.size,
      color: item.color,
      pattern: item.pattern,
      title: item.title,
      image_url: item.imageFile
        ? (uploaded.get(item.key) ?? `/media/pending/${item.key}`)
        : item.imageUrl || null,
      price: item.price,
      currency: item.currency,
    })),
  };
}

export interface PostFormErrors {
  media?: string;
  caption?: string;
  styles?: string;
  /** By item key. */
  items: Record<string, { link?: string; price?: string }>;
  /** The first problem, for the toast. */
  first?: string;
}

export function hasErrors(errors: PostFormErrors): boolean {
  return errors.first !== undefined;
}

/** The key under locales' postMessages of one of the spec's messages, if it is one. */
export function postMessageKey(message: string): keyof typeof POST_MESSAGES | undefined {
  return (Object.keys(POST_MESSAGES) as Array<keyof typeof POST_MESSAGES>).find(
    (key) => POST_MESSAGES[key] === message,
  );
}
