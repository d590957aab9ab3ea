import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { idbFiles } from '@/test/memory-idb';
import {
  clearPostDraft,
  isBlankPostForm,
  loadPostDraft,
  savePostDraft,
  savePostDraftFiles,
} from './post-draft';
import { emptyItem, emptyPostForm } from './post-form-model';

vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));
const files = idbFiles;

let urls = 0;
beforeEach(() => {
  files.clear();
  URL.createObjectURL = vi.fn(() => `blob:restored-${++urls}`);
  URL.revokeObjectURL = vi.fn();
});

describe('post draft', () => {
  it('keeps the fields in local storage and the files in IndexedDB, and gives both back', async () => {
    const photo = new File(['photo-bytes'], 'look.png', { type: 'image/png' });
    const clip = new File(['video-bytes'], 'look.mp4', { type: 'video/mp4' });
    const itemImage = new File(['item'], 'shirt.jpg', { type: 'image/jpeg' });
    const item = {
      ...emptyItem(),
      brand: 'My Label',
      link: 'https://shop.example/shirt',
      size: 'XXS',
      price: '12.5',
      currency: 'USD' as const,
      imageFile: itemImage,
      imagePreview: 'blob:item',
    };
    await savePostDraft({
      ...emptyPostForm(),
      caption: 'Draft caption',
      media: [
        { id: 'm1', type: 'image', file: photo, previewUrl: 'blob:1' },
        { id: 'm2', type: 'video', file: clip, previewUrl: 'blob:2' },
      ],
      items: [item],
      styles: ['Casual', 'Cottagecore'],
      customStyles: ['Cottagecore'],
      customBrands: ['My Label'],
      customSizes: ['XXS'],
    });

    const stored = JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft) ?? '{}');
    expect(stored.caption).toBe('Draft caption');
    expect(JSON.stringify(stored)).not.toContain('blob:');
    expect(files.size).toBe(3);

    const restored = await loadPostDraft();
    expect(restored?.caption).toBe('Draft caption');
    expect(restored?.styles).toEqual(['Casual', 'Cottagecore']);
    expect(restored?.customStyles).toEqual(['Cottagecore']);
    expect(restored?.customBrands).toEqual(['My Label']);
    expect(restored?.customSizes).toEqual(['XXS']);
    expect(restored?.media.map((m) => [m.id, m.type, m.file?.name])).toEqual([
      ['m1', 'image', 'look.png'],
      ['m2', 'video', 'look.mp4'],
    ]);
    expect(restored?.media[0]?.previewUrl).toMatch(/^blob:restored-/);
    expect(restored?.items[0]).toMatchObject({
      brand: 'My Label',
      link: 'https://shop.example/shirt',
      size: 'XXS',
      price: '12.5',
      currency: 'USD',
    });
    expect(restored?.items[0]?.imageFile?.name).toBe('shirt.jpg');
  });

  it('clears the fields and the files', async () => {
    await savePostDraft({
      ...emptyPostForm(),
      media: [{ id: 'm1', type: 'image', file: new File(['x'], 'a.png'), previewUrl: 'blob:1' }],
    });
    await clearPostDraft();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft)).toBeNull();
    expect(files.size).toBe(0);
    expect(await loadPostDraft()).toBeNull();
  });

  it('drops a media entry whose file is gone, and survives broken JSON', async () => {
    await savePostDraft({
      ...emptyPostForm(),
      media: [{ id: 'm1', type: 'image', file: new File(['x'], 'a.png'), previewUrl: 'blob:1' }],
    });
    files.clear();
    expect((await loadPostDraft())?.media).toEqual([]);
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.postDraft, '{not json');
    expect(await loadPostDraft()).toBeNull();
  });

  it('writes each file once however often the form is saved, and removes the ones it no longer holds', async () => {
    const writes: string[] = [];
    const track = (entries: Array<[string, unknown]>) => writes.push(...entries.map(([key]) => key));
    const idb = await import('@/shared/lib/idb');
    const setMany = vi.spyOn(idb, 'idbSetMany').mockImplementation(async (entries) => {
      track(entries as Array<[string, unknown]>);
      for (const [key, value] of entries) files.set(key, value);
    });
    const photo = { id: 'p1', type: 'image' as const, file: new File(['a'], 'a.png'), previewUrl: 'blob:1' };
    const clip = { id: 'v1', type: 'video' as const, file: new File(['b'], 'b.mp4'), previewUrl: 'blob:2' };
    await savePostDraft({ ...emptyPostForm(), caption: 'one', media: [photo] });
    await savePostDraft({ ...emptyPostForm(), caption: 'two', media: [photo] });
    await savePostDraft({ ...emptyPostForm(), caption: 'three', media: [photo, clip] });
    expect(writes).toEqual(['post-draft:media:p1', 'post-draft:media:v1']);
    await savePostDraft({ ...emptyPostForm(), caption: 'four', media: [clip] });
    expect([...files.keys()]).toEqual(['post-draft:media:v1']);
    setMany.mockRestore();
  });

  it("restores a signed-in author's draft only for them, and a guest's for whoever signs in", async () => {
    await savePostDraft({ ...emptyPostForm(), caption: 'Mine' }, 'user-a');
    expect((await loadPostDraft('user-a'))?.caption).toBe('Mine');
    expect(await loadPostDraft('user-b')).toBeNull();
    expect(await loadPostDraft(null)).toBeNull();
    await savePostDraft({ ...emptyPostForm(), caption: 'A guest look' });
    expect((await loadPostDraft('user-b'))?.caption).toBe('A guest look');
  });

  it('clears after a file write still on its way, so no file of a published post stays behind', async () => {
    const media = [
      { id: 'm9', type: 'image' as const, file: new File(['x'], 'late.png'), previewUrl: 'blob:9' },
    ];
    const writing = savePostDraftFiles({ ...emptyPostForm(), media });
    await clearPostDraft();
    await writing;
    expect(files.size).toBe(0);
  });

  it('counts a form with nothing in it as blank, and one with any detail as not', () => {
    expect(isBlankPostForm(emptyPostForm())).toBe(true);
    expect(isBlankPostForm({ ...emptyPostForm(), caption: '   ', items: [emptyItem()] })).toBe(true);
    expect(isBlankPostForm({ ...emptyPostForm(), styles: ['Casual'] })).toBe(false);
    expect(isBlankPostForm({ ...emptyPostForm(), items: [{ ...emptyItem(), brand: 'Zara' }] })).toBe(false);
  });
});
