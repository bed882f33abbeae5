import { toast } from 'sonner';

/**
 * Copies a chat link and says so (docs/product.md#connecting-to-the-coach). The clipboard API is missing on
 * insecure origins and refused without permission; both end in "Copy failed".
 * Resolves to whether the link reached the clipboard.
 */
export async function copyLinkWithToast(url: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast.success('URL copied!', {
      description: 'The chat link copied to clipboard; paste it into a fresh browser tab.',
    });
    return true;
  } catch {
    toast.error('Copy failed', { description: 'Unable to copy URL. Please try again.' });
    return false;
  }
}
