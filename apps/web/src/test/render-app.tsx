import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '@/app/app-routes';
import { AppProviders, createQueryClient } from '@/app/providers';
import { createTestRouter } from './memory-router';

/** Renders the whole app (providers, router, layouts) at `path`, as the browser would. */
export function renderApp(path = '/') {
  const router = createTestRouter([path]);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>{router.wrap(<AppRoutes />)}</AppProviders>,
  );
  return { ...view, router, user };
}
