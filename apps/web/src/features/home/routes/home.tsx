import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { PostFeed } from '@/features/posts/components/post-feed';
import { InviteFooter } from '../components/invite-footer';

export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col gap-6 pt-8">
      <div className="flex flex-col items-center px-6 text-center">
        <h1 className="text-[44px] text-ink">
          <Logo title={t('app.name')} />
        </h1>
        <p className="mt-4 max-w-[34ch] text-[15px] leading-relaxed text-muted">{t('app.tagline')}</p>
      </div>
      <PostFeed />
      <InviteFooter />
    </div>
  );
}
