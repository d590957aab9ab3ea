import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/button';

/** 'Oops! Page not found' with a way home: any path that is not a route, or names nothing that exists. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <p aria-hidden className="text-7xl font-bold tracking-tighter text-accent-400">
        {t('notFound.code')}
      </p>
      <h1 className="mt-4 text-xl font-bold tracking-tight text-ink">{t('notFound.title')}</h1>
      <Button asChild className="mt-8">
        <Link to="/">{t('notFound.returnHome')}</Link>
      </Button>
    </div>
  );
}
