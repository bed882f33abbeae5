import { useCallback, useState } from 'react';

/** The browser's notification permission, or `unsupported` where there is no Notification API. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * The Notification API (decision 063): the permission, asked only when the
 * coach presses "Turn on notifications" (never on its own), and `notify`,
 * which shows one only once permission is granted.
 */
export function useBrowserNotifications() {
  const [permission, setPermission] = useState<NotificationPermissionState>(() =>
    supported() ? Notification.permission : 'unsupported',
  );
  const request = useCallback(async () => {
    if (!supported()) return;
    setPermission(await Notification.requestPermission());
  }, []);
  const notify = useCallback((title: string, options: NotificationOptions & { onClick?: () => void }) => {
    if (!supported() || Notification.permission !== 'granted') return;
    const { onClick, ...rest } = options;
    const notification = new Notification(title, rest);
    notification.onclick = () => {
      window.focus();
      onClick?.();
      notification.close();
    };
  }, []);
  return { permission, request, notify };
}
