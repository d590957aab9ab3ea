import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/** A screen's own words for server errors it knows (a message it expects, a status that means something). */
export type KnownApiErrors = (error: ApiError) => string | undefined;

/**
 * The words to show under a failed action's title: the server's error in the interface language. The
 * server writes its messages in English. What a screen knows (`known`) and what every screen knows (no
 * connection, a file refused, too many requests, a server failure) is translated; English readers get
 * any other server message as it is, other languages no description rather than English in the middle
 * of a Hebrew screen.
 */
export function useApiErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown, known?: KnownApiErrors): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const own = known?.(error);
    if (own !== undefined) return own;
    if (error.status === 0) return t('apiErrors.network');
    if (error.status === 401) return t('apiErrors.notAuthenticated');
    if (error.status === 413) return t('apiErrors.fileTooLarge');
    if (error.status === 415) return t('apiErrors.invalidFileType');
    if (error.status === 429) return t('apiErrors.rateLimited');
    if (error.status >= 500) return t('apiErrors.unexpected');
    return i18n.resolvedLanguage === 'en' ? error.message : undefined;
  };
}
