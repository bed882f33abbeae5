import { toast } from 'sonner';
import { showPopupBlockedToast } from '@/lib/popup-blocked-toast';

/**
 * Opens the prefilled plan-change message (user-app §4). Call it straight from
 * a click handler: browsers only allow a new window during the user's gesture.
 * `noopener` is not passed to window.open because it makes the call return null
 * even when the window opened, which would hide a real block; the new window's
 * opener is cut by hand instead.
 */
export function openPlanChangeMessage(url: string, planName: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) {
    showPopupBlockedToast(url);
    return false;
  }
  try {
    opened.opener = null;
  } catch {
    // Some browsers make it read-only once the page has navigated; it is cut already then.
  }
  toast.success('WhatsApp opened', {
    description: `Send the prefilled message and we'll change your plan to ${planName}.`,
  });
  return true;
}
