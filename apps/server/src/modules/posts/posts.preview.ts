import { type Post, PROFILE_FALLBACKS, stripHashtags, truncateText } from '@sys/shared';

/** Longest description a link preview shows; messaging apps cut around here anyway. */
const DESCRIPTION_MAX_CHARS = 200;

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function absolute(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

/**
 * The OpenGraph and Twitter card tags of a post's page (`/post/{id}`), so a shared link shows the outfit
 * in a messaging app: the author as the title, the caption without hashtags, the first image.
 */
export function postPreviewTags(post: Post, origin: string): string {
  const author = post.author.username ?? post.author.display_name ?? PROFILE_FALLBACKS.userName;
  const title = `${author} on SYS`;
  const caption = stripHashtags(post.caption);
  const description = caption ? truncateText(caption, DESCRIPTION_MAX_CHARS).text : `An outfit by ${author}`;
  const image = post.media.find((media) => media.media_type === 'image');
  const video = post.media.find((media) => media.media_type === 'video');
  const tags: [string, string][] = [
    ['og:type', 'article'],
    ['og:site_name', 'SYS'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', absolute(`/post/${post.id}`, origin)],
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ['twitter:description', description],
  ];
  if (image) {
    tags.push(
      ['og:image', absolute(image.media_url, origin)],
      ['twitter:image', absolute(image.media_url, origin)],
    );
    if (image.width && image.height) {
      tags.push(['og:image:width', String(image.width)], ['og:image:height', String(image.height)]);
    }
  }
  if (video) tags.push(['og:video', absolute(video.media_url, origin)]);
  return tags
    .map(([key, value]) => {
      const attribute = key.startsWith('og:') ? 'property' : 'name';
      return `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
    })
    .join('\n');
}
