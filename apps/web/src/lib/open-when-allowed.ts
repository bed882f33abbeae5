import { showPopupBlockedToast } from './popup-blocked-toast';

/**
 * Opens `url` in a new tab once `allowed` resolves true (the server agreed this
 * conversation may start). Pop-up blockers allow a new window only during the
 * click itself, so an empty tab opens now, in the click, and is sent to the url
 * on a yes or closed on a no. A blocked tab gets the toast with the link to copy.
 * Call it from the click handler, synchronously.
 */
export function openWhenAllowed(url: string, allowed: Promise<boolean>) {
  const tab = window.open('', '_blank');
  void allowed.then((ok) => {
    if (!tab) {
      if (ok) showPopupBlockedToast(url);
      return;
    }
    if (!ok) {
      tab.close();
      return;
    }
    tab.opener = null;
    tab.location.href = url;
  });
}
