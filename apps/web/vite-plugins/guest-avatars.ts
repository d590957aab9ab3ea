import type { Plugin } from 'vite';
// By path, not '@sys/shared': Node loads this config, and cannot import the package's TypeScript entry.
import { GUEST_AVATAR_COUNT } from '../../../packages/shared/src/constants/profile.ts';
import { guestAvatarUrl } from '../../../packages/shared/src/domain/guest-profile.ts';
import { GUEST_AVATAR_ART_COUNT, guestAvatarSvg } from './guest-avatar-art.ts';

/**
 * The stock guest avatars at /guest-avatars/{1..8}.svg (the URLs of @sys/shared's guestAvatarUrl),
 * drawn by code (guest-avatar-art.ts): written into the build, served from memory in development.
 */
export function guestAvatars(): Plugin {
  if (GUEST_AVATAR_ART_COUNT !== GUEST_AVATAR_COUNT) {
    throw new Error(`guest avatars: ${GUEST_AVATAR_ART_COUNT} drawn, ${GUEST_AVATAR_COUNT} expected`);
  }
  const files = new Map<string, string>();
  for (let n = 1; n <= GUEST_AVATAR_COUNT; n++) files.set(guestAvatarUrl(n), guestAvatarSvg(n));

  return {
    name: 'sys-guest-avatars',

    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const svg = files.get(req.url?.split('?')[0] ?? '');
        if (svg === undefined) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svg);
      });
    },

    generateBundle() {
      for (const [url, svg] of files) this.emitFile({ type: 'asset', fileName: url.slice(1), source: svg });
    },
  };
}
