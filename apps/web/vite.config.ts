/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { drawWordmark } from './src/shared/ui/brand/logo-art.ts';
import { appShell } from './vite-plugins/app-shell.ts';
import { classGroups } from './vite-plugins/class-groups.ts';
import { guestAvatars } from './vite-plugins/guest-avatars.ts';
import { localeSections } from './vite-plugins/locale-sections.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { pwaAssets } from './vite-plugins/pwa-assets.ts';
import { spreadPreloads } from './vite-plugins/spread-preloads.ts';

const API_TARGET = process.env.SYS_API_ORIGIN ?? 'http://localhost:3000';
// Everything below these paths is answered by the server; the rest is the app. Only /auth/v1/... is the
// auth service: /auth, /auth/forgot and /auth/reset are the app's screens.
const SERVER_PATHS = '^/((api|functions|storage|media)/|auth/v1/)';

export default defineConfig({
  plugins: [
    localeSections(),
    react(),
    tailwindcss(),
    classGroups(),
    appShell(),
    pwaAssets(),
    guestAvatars(),
    spreadPreloads(),
    precompress(),
  ],
  // The wordmark's paths as text: drawing them in the browser cost the first screen ~40 ms of a phone's CPU.
  define: { __SYS_WORDMARK__: JSON.stringify(drawWordmark()) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    // Screens are lazy-loaded by the router, so each route is its own chunk.
    rolldownOptions: {
      output: {
        // The libraries every screen needs get chunks of their own: they change less often than the app,
        // so browsers keep them cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
      treeshake: {
        // @sys/shared is pure (constants, schemas, domain logic): importing one constant must not pull
        // every zod schema (and zod) into the first screen's bundle. Its package.json does not declare
        // "sideEffects": false (yet), so say it here.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { [SERVER_PATHS]: { target: API_TARGET, ws: true } },
  },
  preview: {
    proxy: { [SERVER_PATHS]: { target: API_TARGET } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A form journey types a few hundred keys through user-event: 5-10 s alone, and it passed 20 s once
    // in a loaded run (create-post.publish, 20.6 s). A hang still fails, a minute later.
    testTimeout: 60_000,
  },
});
