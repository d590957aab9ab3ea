import { NotFound } from '@/shared/ui/not-found';

/** Any path that is not a route: 'Oops! Page not found' with a way home. */
export default function NotFoundScreen() {
  return <NotFound />;
}
