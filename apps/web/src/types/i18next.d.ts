import 'i18next';
import type en from '@/locales/en.json';

// Translation keys are checked by the compiler: a typo in t('...') is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
