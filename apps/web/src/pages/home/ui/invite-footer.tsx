import { Share2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { shareInvite } from '@/shared/lib/share';
import { Button } from '@/shared/ui/button';

/**
 * 'New posts are updated every day...' with a Share button: the invite message, with the site's own
 * address, through the share sheet or a messaging app's link.
 */
export function InviteFooter() {
  const { t } = useTranslation();
  const share = () => void shareInvite(t('home.inviteMessage', { url: window.location.origin }));

  return (
    <footer className="mx-4 mt-auto flex flex-col items-center gap-4 rounded-2xl bg-subtle px-6 py-7 text-center">
      <p className="max-w-[34ch] text-sm text-ink-soft">{t('home.footer')}</p>
      <Button variant="outline" onClick={share}>
        <Share2Icon aria-hidden />
        {t('home.share')}
      </Button>
    </footer>
  );
}
