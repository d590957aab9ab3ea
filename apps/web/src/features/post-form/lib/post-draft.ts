import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@sys/shared';
import { idbDeleteMany, idbGet, idbKeys, idbSetMany } from '@/shared/lib/idb';
import { readPostDraftJson, removePostDraft, writePostDraftJson } from '@/shared/lib/local-storage';
import { forgetPostDraft, POST_DRAFT_FILE_PREFIX } from '@/shared/lib/personal-data';
import {
  emptyItem,
  emptyPostForm,
  type ItemDraft,
  type MediaDraft,
  type PostFormValues,
} from './post-form-model';

/*
 * A waiting post draft. A visitor's or guest's is saved when they press Publish (spec section 4), so it
 * survives the trip to /auth and back; a signed-in person's is saved as they go, so a reload, a closed tab
 * or a dead battery loses nothing. Its fields are in local storage under LOCAL_STORAGE_KEYS.postDraft, its
 * photos and videos in IndexedDB (they are files, not just previews). A draft names its owner: a guest's
 * (owner null) is restored for whoever signs in next, a signed-in person's only for them, and signing out
 * forgets it (shared/lib/personal-data.ts).
 */

const mediaFileKey = (id: string) => `${POST_DRAFT_FILE_PREFIX}media:${id}`;
const itemFileKey = (key: string) => `${POST_DRAFT_FILE_PREFIX}item:${key}`;

interface StoredDraft {
  version: 1;
  savedAt: string;
  /** The signed-in author's id; null (or absent, in drafts of older builds) for a visitor's or guest's. */
  owner: string | null;
  caption: string;
  styles: string[];
  customStyles: string[];
  customBrands: string[];
  customSizes: string[];
  customColors: string[];
  customPatterns: string[];
  customTypes: string[];
  media: Array<{ id: string; type: MediaDraft['type']; remoteUrl?: string; hasFile: boolean }>;
  items: Array<Omit<ItemDraft, 'imageFile' | 'imagePreview'> & { hasImageFile: boolean }>;
}

/** The files a form holds, by the key each is stored under. */
function draftFiles(values: PostFormValues): Map<string, File> {
  const files = new Map<string, File>();
  for (const media of values.media) if (media.file) files.set(mediaFileKey(media.id), media.file);
  for (const item of values.items) if (item.imageFile) files.set(itemFileKey(item.key), item.imageFile);
  return files;
}

/**
 * Which file each key holds in IndexedDB, as far as this page knows: a file already stored is not written
 * again (a video can be 200 MB, and a signed-in form is saved at every change).
 */
const storedFiles = new Map<string, Blob>();
/** File writes and removals, one after another: a removal never overtakes a write still on its way. */
let fileQueue: Promise<void> = Promise.resolve();

function queueFiles(work: () => Promise<void>): Promise<void> {
  const next = fileQueue.then(work, work);
  fileQueue = next.catch(() => undefined);
  return next;
}

/** Stores the files that changed and removes those the form no longer holds. */
function syncDraftFiles(files: ReadonlyMap<string, File>): Promise<void> {
  return queueFiles(async () => {
    try {
      const gone = (await idbKeys(POST_DRAFT_FILE_PREFIX)).filter((key) => !files.has(key));
      const changed = [...files].filter(([key, file]) => storedFiles.get(key) !== file);
      await idbDeleteMany(gone);
      await idbSetMany(changed);
      for (const key of gone) storedFiles.delete(key);
      for (const [key, file] of changed) storedFiles.set(key, file);
    } catch (error) {
      // Without IndexedDB (private mode in some browsers) the fields are still kept.
      console.warn('The draft files could not be stored', error);
    }
  });
}

/** Whether the files of `values` differ from those last stored (a file added, replaced or removed). */
export function draftFilesChanged(values: PostFormValues): boolean {
  const files = draftFiles(values);
  if (files.size !== storedFiles.size) return true;
  for (const [key, file] of files) if (storedFiles.get(key) !== file) return true;
  return false;
}

/**
 * Saves the form's fields at once (synchronously: also when the page is being hidden or closed). Files are
 * stored by savePostDraft; a field naming a file that is not stored yet is skipped on restore.
 */
export function savePostDraftFields(values: PostFormValues, owner: string | null = null): void {
  const stored: StoredDraft = {
    version: 1,
    savedAt: new Date().toISOString(),
    owner,
    caption: values.caption,
    styles: values.styles,
    customStyles: values.customStyles,
    customBrands: values.customBrands,
    customSizes: values.customSizes,
    customColors: values.customColors,
    customPatterns: values.customPatterns,
    customTypes: values.customTypes,
    media: values.media.map((media) => ({
      id: media.id,
      type: media.type,
      ...(media.remoteUrl ? { remoteUrl: media.remoteUrl } : {}),
      hasFile: media.file !== undefined,
    })),
    items: values.items.map(({ imageFile, imagePreview: _preview, ...item }) => ({
      ...item,
      hasImageFile: imageFile !== undefined,
    })),
  };
  writePostDraftJson(JSON.stringify(stored));
}

/** Stores the form's files that are new or replaced, and removes those it no longer holds. */
export function savePostDraftFiles(values: PostFormValues): Promise<void> {
  return syncDraftFiles(draftFiles(values));
}

/** Saves the form: files first, then the fields (whose presence says that a draft is waiting). */
export async function savePostDraft(values: PostFormValues, owner: string | null = null): Promise<void> {
  await savePostDraftFiles(values);
  savePostDraftFields(values, owner);
}

/** Whether the form holds nothing worth keeping: no media, caption, style or product detail. */
export function isBlankPostForm(values: PostFormValues): boolean {
  const { media, caption, styles, items } = values;
  const blankItem = (item: ItemDraft) =>
    !item.imageFile &&
    [
      item.type,
      item.brand,
      item.link,
      item.size,
      item.color,
      item.pattern,
      item.title,
      item.price,
      item.imageUrl,
    ].every((field) => field.trim() === '');
  return media.length === 0 && caption.trim() === '' && styles.length === 0 && items.every(blankItem);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function readFile(key: string): Promise<File | undefined> {
  try {
    const value = await idbGet<unknown>(key);
    if (!(value instanceof Blob)) return undefined;
    storedFiles.set(key, value);
    return value as File;
  } catch {
    return undefined;
  }
}

/**
 * The waiting draft as form values, files included (as new object URLs); null when there is none, or
 * when it is another signed-in person's (`viewerId` is who asks: a guest's draft is anyone's).
 */
export async function loadPostDraft(viewerId: string | null = null): Promise<PostFormValues | null> {
  const json = readPostDraftJson();
  if (json === null) return null;
  let stored: Partial<StoredDraft>;
  try {
    stored = JSON.parse(json) as Partial<StoredDraft>;
  } catch {
    return null;
  }
  if (stored === null || typeof stored !== 'object') return null;
  if (typeof stored.owner === 'string' && stored.owner !== viewerId) return null;

  const media: MediaDraft[] = [];
  for (const entry of Array.isArray(stored.media) ? stored.media : []) {
    if (typeof entry?.id !== 'string' || (entry.type !== 'image' && entry.type !== 'video')) continue;
    const file = entry.hasFile ? await readFile(mediaFileKey(entry.id)) : undefined;
    if (file) media.push({ id: entry.id, type: entry.type, file, previewUrl: URL.createObjectURL(file) });
    else if (entry.remoteUrl)
      media.push({ id: entry.id, type: entry.type, remoteUrl: entry.remoteUrl, previewUrl: entry.remoteUrl });
  }

  const items: ItemDraft[] = [];
  for (const entry of Array.isArray(stored.items) ? stored.items : []) {
    if (!entry || typeof entry !== 'object') continue;
    const base = emptyItem();
    const key = text(entry.key) || base.key;
    const imageFile = entry.hasImageFile ? await readFile(itemFileKey(key)) : undefined;
    const currency = (CURRENCIES as readonly string[]).includes(entry.currency)
      ? (entry.currency as Currency)
      : DEFAULT_CURRENCY;
    items.push({
      ...base,
      key,
      ...(typeof entry.id === 'string' ? { id: entry.id } : {}),
      type: text(entry.type),
      brand: text(entry.brand),
      link: text(entry.link),
      size: text(entry.size),
      color: text(entry.color),
      pattern: text(entry.pattern),
      title: text(entry.title),
      price: text(entry.price),
      currency,
      imageUrl: text(entry.imageUrl),
      availableImages: strings(entry.availableImages),
      selectedImageIndex: typeof entry.selectedImageIndex === 'number' ? entry.selectedImageIndex : null,
      ...(imageFile ? { imageFile, imagePreview: URL.createObjectURL(imageFile) } : {}),
    });
  }

  return {
    ...emptyPostForm(),
    caption: text(stored.caption),
    styles: strings(stored.styles),
    customStyles: strings(stored.customStyles),
    customBrands: strings(stored.customBrands),
    customSizes: strings(stored.customSizes),
    customColors: strings(stored.customColors),
    customPatterns: strings(stored.customPatterns),
    customTypes: strings(stored.customTypes),
    media,
    items,
  };
}

/** Forgets the draft: its fields and its files (after any file write still on its way). */
export async function clearPostDraft(): Promise<void> {
  removePostDraft();
  await queueFiles(async () => {
    await forgetPostDraft();
    storedFiles.clear();
  });
}
