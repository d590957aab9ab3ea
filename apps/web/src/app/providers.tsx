import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { directionOf, i18n } from './i18n';

// Toasts only appear after something happens, so their code loads after the first screen.
const Toaster = lazy(() => import('@/shared/ui/toaster'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Radix components and the toasts follow the language's reading direction. */
function DirectionProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const dir = directionOf(instance.resolvedLanguage ?? instance.language);
  return (
    <Direction.Provider dir={dir}>
      {children}
      <Suspense fallback={null}>
        <Toaster dir={dir} />
      </Suspense>
    </Direction.Provider>
  );
}

/**
 * Everything a screen can rely on: server data (TanStack Query), translations, reading direction and
 * toasts. The auth session is a store of its own (entities/viewer/model/use-session), read where needed.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider>{children}</DirectionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
