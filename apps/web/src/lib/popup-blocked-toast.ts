import { toast } from 'sonner';
import { copyLinkWithToast } from './copy-link';

/** The browser refused a new window: say so, and offer the link to copy instead (docs/product.md#notifications). */
export function showPopupBlockedToast(url: string) {
  toast.error('Pop-up blocked', {
    description: 'Your browser blocked the new tab. Copy the link and open it in a new tab instead.',
    duration: 10_000,
    action: { label: 'Copy URL', onClick: () => void copyLinkWithToast(url) },
  });
}
