import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pushLanguage, pushSupported } from './push-support';

/** The address parameter a notification opens the app with: the Activity item it was about. */
export const PUSH_ITEM_PARAM = 'push_item';

/** What the service worker posts to an open window when its notification is tapped. */
interface PushOpenedMessage {
  type: 'push-opened';
  path: string;
  item_id: string;
}

function isPushOpened(data: unknown): data is PushOpenedMessage {
  const value = data as Partial<PushOpenedMessage> | null;
  return (
    value?.type === 'push-opened' &&
    typeof value.path === 'string' &&
    value.path.startsWith('/') &&
    !value.path.startsWith('//') &&
    typeof value.item_id === 'string'
  );
}

// The API and subscription code load only when there is something to do: every screen runs this hook.
function markRead(itemId: string) {
  import('../api/push-api')
    .then(({ markActivityItemRead }) => markActivityItemRead(itemId))
    .catch(() => {
      // Signed out on this device, or the item went: it stays as it is in Activity.
    });
}

/**
 * A tapped notification: the service worker opens its screen (a new window carries `?push_item=`, an
 * open one gets a message), and the item is marked read. Also keeps this device's notification language
 * in step with the app's.
 */
export function usePushOpened(signedIn: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const language = pushLanguage(i18n.resolvedLanguage);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const itemId = params.get(PUSH_ITEM_PARAM);
    if (!itemId) return;
    if (signedIn) markRead(itemId);
    params.delete(PUSH_ITEM_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate, signedIn]);

  useEffect(() => {
    if (!pushSupported()) return;
    const onMessage = (event: MessageEvent) => {
      if (!isPushOpened(event.data)) return;
      navigate(event.data.path);
      markRead(event.data.item_id);
    };
    const workers = navigator.serviceWorker;
    workers.addEventListener('message', onMessage);
    return () => workers.removeEventListener('message', onMessage);
  }, [navigate]);

  useEffect(() => {
    if (!signedIn || !pushSupported() || Notification.permission !== 'granted') return;
    import('./push-device')
      .then(({ updatePushLanguage }) => updatePushLanguage(language))
      .catch(() => {
        // The next change, or turning notifications on again, tries again.
      });
  }, [language, signedIn]);
}
