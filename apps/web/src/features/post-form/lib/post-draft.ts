import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@sys/shared';
import { idbDeleteMany, idbGet, idbKeys, idbSetMany } from '@/shared/lib/idb';
import { readPostDraftJson, removePostDraft, writePostDraftJson } from '@/shared/lib/local-storage';
import {
  emptyItem,
  emptyPostForm,
  type ItemDraft,
  type MediaDraft,
  type PostFormValues,
} from './post-form-model';

/*
 * The draft of a visitor or guest who pressed Publish (spec section 4): its fields in local storage under
 * LOCAL_STORAGE_KEYS.postDraft, its photos and videos in IndexedDB (they are files, not just previews), so
 * all of it survives the trip to /auth and back.
 */

const FILE_PREFIX = 'post-draft:';
const mediaFileKey = (id: string) => `${FILE_PREFIX}media:${id}`;
const itemFileKey = (key: string) => `${FILE_PREFIX}item:${key}`;

interface StoredDraft {
  version: 1;
  savedAt: string;
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

/** Saves the form: files first, then the fields (whose presence says that a draft is waiting). */
export async function savePostDraft(values: PostFormValues): Promise<void> {
  const files: Array<readonly [string, unknown]> = [];
  for (const media of values.media) if (media.file) files.push([mediaFileKey(media.id), media.file]);
  for (const item of values.items) if (item.imageFile) files.push([itemFileKey(item.key), item.imageFile]);
  try {
    await idbDeleteMany(await idbKeys(FILE_PREFIX));
    await idbSetMany(files);
  } catch (error) {
    // Without IndexedDB (private mode in some browsers) the fields are still kept.
    console.warn('The draft files could not be stored', error);
  }

  const stored: StoredDraft = {
    version: 1,
    savedAt: new Date().toISOString(),
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

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function readFile(key: string): Promise<File | undefined> {
  try {
    const value = await idbGet<unknown>(key);
    return value instanceof Blob ? (value as File) : undefined;
  } catch {
    return undefined;
  }
}

/** The waiting draft as form values, files included (as new object URLs); null when there is none. */
export async function loadPostDraft(): Promise<PostFormValues | null> {
  const json = readPostDraftJson();
  if (json === null) return null;
  let stored: Partial<StoredDraft>;
  try {
    stored = JSON.parse(json) as Partial<StoredDraft>;
  } catch {
    return null;
  }
  if (stored === null || typeof stored !== 'object') return null;

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

/** Forgets the draft: its fields and its files. */
export async function clearPostDraft(): Promise<void> {
  removePostDraft();
  try {
    await idbDeleteMany(await idbKeys(FILE_PREFIX));
  } catch {
    // Nothing stored, or no IndexedDB: nothing to remove.
  }
}
