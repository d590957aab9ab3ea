import { useQueryClient } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMeaningfulSuccess } from '@/shared/api/meaningful-action';
import { pushAskedFlag } from '@/shared/lib/local-storage';
import { Button } from '@/shared/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/shared/ui/dialog';
import { notify } from '@/shared/ui/toast';
import { turnPushOn } from '../model/push-device';
import { mayAskForPush as mayAsk, pushLanguage } from '../model/push-support';

/**
 * The one question about notifications: asked by the installed app after the person's first like,
 * follow, comment or post on this device succeeds (never on load), once; "Not now" leaves it to
 * Settings > Security > Notifications. The browser's own permission prompt comes only after "Turn on".
 */
export default function PushPrompt({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!signedIn || !mayAsk()) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || !isMeaningfulSuccess(event.mutation)) return;
      if (!mayAsk()) return;
      pushAskedFlag.set();
      setOpen(true);
    });
  }, [queryClient, signedIn]);

  const turnOn = async () => {
    setBusy(true);
    try {
      const state = await turnPushOn(pushLanguage(i18n.resolvedLanguage));
      if (state === 'on') notify.success(t('push.turnedOn'));
      else if (state === 'denied') notify.info(t('push.denied'));
    } catch {
      notify.destructive(t('push.failed'));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <span
            aria-hidden
            className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-600 [&_svg]:size-6"
          >
            <BellIcon />
          </span>
          <DialogTitle>{t('push.prompt.title')}</DialogTitle>
          <DialogDescription>{t('push.prompt.description')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={turnOn} disabled={busy}>
            {t('push.prompt.turnOn')}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
            {t('push.prompt.notNow')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
