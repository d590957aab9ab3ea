import type { Album, AlbumImage } from '@sys/shared';
import { toAuthor } from '../posts/posts.mapper.ts';
import type { AlbumCardRow, AlbumImageRow } from './albums.repository.ts';

/** Rows -> the API's albums. */

function toAlbumImage(row: AlbumImageRow): AlbumImage {
  return {
    post_id: row.post_id,
    url: row.url,
    type: row.type,
    placeholder: row.placeholder,
    variants: row.variants ?? [],
  };
}

/** Assembles album cards from the two queries of a page; `images` come sorted by album and position. */
export function toAlbums(rows: readonly AlbumCardRow[], images: readonly AlbumImageRow[]): Album[] {
  const imagesByAlbum = new Map<string, AlbumImage[]>();
  for (const image of images) {
    const list = imagesByAlbum.get(image.album_id) ?? [];
    list.push(toAlbumImage(image));
    imagesByAlbum.set(image.album_id, list);
  }
  return rows.map((row) => ({
    id: row.album.id,
    name: row.album.name,
    is_public: row.album.is_public,
    owner: toAuthor(row.owner),
    post_count: row.postCount,
    images: imagesByAlbum.get(row.album.id) ?? [],
    created_at: row.album.created_at.toISOString(),
    updated_at: row.album.updated_at.toISOString(),
    saved_by_me: row.savedByMe,
    ...(row.containsPost !== null ? { contains_post: row.containsPost } : {}),
  }));
}
