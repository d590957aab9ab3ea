import { POST_MESSAGES, type Post } from '@sys/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyItem,
  emptyPostForm,
  type PostFormValues,
  postToFormValues,
  toPostBody,
} from './post-form-model';
import { validatePostForm } from './validate-post-form';

const photo = (id: string) => ({
  id,
  type: 'image' as const,
  previewUrl: `blob:${id}`,
  file: new File(['x'], `${id}.png`),
});

function form(patch: Partial<PostFormValues> = {}): PostFormValues {
  return { ...emptyPostForm(), media: [photo('a')], ...patch };
}

describe('validatePostForm', () => {
  it('accepts a post with one photo and nothing else', () => {
    expect(validatePostForm(form()).first).toBeUndefined();
  });

  it("asks for media: 'Please add at least one image or video'", () => {
    const errors = validatePostForm(form({ media: [] }));
    expect(errors.media).toBe(POST_MESSAGES.mediaRequired);
    expect(errors.first).toBe('Please add at least one image or video');
  });

  it("asks for every item's link: 'Please add a purchase link for each item'", () => {
    const withLink = { ...emptyItem(), link: 'https://shop.example/a' };
    const without = { ...emptyItem(), link: '  ' };
    const notHttp = { ...emptyItem(), link: 'ftp://shop.example/b' };
    const errors = validatePostForm(form({ items: [withLink, without, notHttp] }));
    expect(errors.items[withLink.key]).toBeUndefined();
    expect(errors.items[without.key]?.link).toBe('Please add a purchase link for each item');
    expect(errors.items[notHttp.key]?.link).toBe(POST_MESSAGES.linkNotWeb);
  });

  it('refuses a caption over 2,200 characters and more than 3 styles', () => {
    const errors = validatePostForm(
      form({ caption: 'x'.repeat(2201), styles: ['Casual', 'Party', 'Beach', 'Urban'] }),
    );
    expect(errors.caption).toBe(POST_MESSAGES.captionTooLong);
    expect(errors.styles).toBe(POST_MESSAGES.tooManyStyles);
    expect(validatePostForm(form({ caption: 'x'.repeat(2200) })).caption).toBeUndefined();
  });

  it("takes '12.5' and '' as prices and refuses 'abc'", () => {
    const item = (price: string) => ({ ...emptyItem(), link: 'https://shop.example/a', price });
    const good = [item('12.5'), item('')];
    expect(validatePostForm(form({ items: good })).first).toBeUndefined();
    const bad = item('abc');
    expect(validatePostForm(form({ items: [bad] })).items[bad.key]?.price).toBe(POST_MESSAGES.invalidPrice);
  });
});

describe('toPostBody', () => {
  it('numbers the media from 0 in gallery order and uses the uploaded URLs', () => {
    const body = toPostBody(
      form({ media: [photo('b'), photo('a')], styles: ['Casual'] }),
      new Map([
        ['a', '/media/post-media/u/a.png'],
        ['b', '/media/post-media/u/b.png'],
      ]),
    );
    expect(body.media).toEqual([
      { url: '/media/post-media/u/b.png', type: 'image', order: 0 },
      { url: '/media/post-media/u/a.png', type: 'image', order: 1 },
    ]);
    expect(body.styles).toEqual(['Casual']);
  });
});

describe('postToFormValues', () => {
  it('gives the style hashtags at the end of the caption back as styles', () => {
    const post = {
      caption: 'Beach day #sun #Casual #Beach',
      media: [
        {
          id: 'm1',
          media_url: '/media/1.png',
          media_type: 'image',
          media_order: 0,
          width: 1,
          height: 1,
          placeholder: null,
          variants: [],
        },
      ],
      items: [],
    } as unknown as Post;
    const values = postToFormValues(post);
    expect(values.caption).toBe('Beach day #sun');
    expect(values.styles).toEqual(['Casual', 'Beach']);
    expect(values.media).toEqual([
      { id: 'm1', type: 'image', previewUrl: '/media/1.png', remoteUrl: '/media/1.png' },
    ]);
  });
});
