import i18n from 'i18next';
import { moderation } from '@/locales/en.json';

/*
 * The moderation screen's English strings. English is bundled with the entry chunk, which every first screen
 * loads; these are left out of it (app/i18n.ts, vite-plugins/locale-sections.ts) and added here, by the
 * screen's own lazy chunk. Hebrew is loaded whole when it is the language, so it needs nothing.
 */
const add = () => i18n.addResourceBundle('en', 'translation', { moderation }, true, false);
if (i18n.isInitialized) add();
else i18n.on('initialized', add);
