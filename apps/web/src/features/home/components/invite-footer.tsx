import { Share2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { shareLink } from '@/lib/share';

/** 'New posts are updated every day...' with a Share button that shares the site's own address. */
export function InviteFooter() {
  const { t } = useTranslation();

  const share = async () => {
    const outcome = await shareLink({
      url: window.location.origin,
      title: t('app.documentTitle'),
      text: t('app.tagline'),
    });
    if (outcome !== 'copied' && outcome !== 'failed') return;
    // The toasts' code loads on first use; it is not needed to show the home screen.
    const { notify } = await import('@/components/ui/toast');
    if (outcome === 'copied') notify.success(t('home.linkCopied'));
    else notify.destructive(t('home.shareFailed'));
  };

  return (
    <footer className="mx-4 mt-auto flex flex-col items-center gap-4 rounded-2xl bg-subtle px-6 py-7 text-center">
      <p className="max-w-[34ch] text-sm text-ink-soft">{t('home.footer')}</p>
      <Button variant="outline" onClick={() => void share()}>
        <Share2Icon aria-hidden />
        {t('home.share')}
      </Button>
    </footer>
  );
}
