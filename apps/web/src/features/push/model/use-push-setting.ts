import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PushAvailability, pushAvailability, turnPushOff, turnPushOn } from './push-device';
import { pushLanguage } from './push-support';

/** This device's notifications for the settings screen: their state, and turning them on or off. */
export function usePushSetting() {
  const { i18n } = useTranslation();
  const [state, setState] = useState<PushAvailability | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushAvailability()
      .then((value) => live && setState(value))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = useCallback(
    async (on: boolean): Promise<PushAvailability> => {
      setBusy(true);
      try {
        const next = on ? await turnPushOn(pushLanguage(i18n.resolvedLanguage)) : await turnPushOff();
        setState(next);
        return next;
      } finally {
        setBusy(false);
      }
    },
    [i18n],
  );

  return { state, busy, change };
}
