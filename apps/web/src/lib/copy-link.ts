import { toast } from 'sonner';

/**
 * Copies a chat link and says so (docs/product.md#connecting-to-the-coach). The clipboard API is missing on
 * insecure origins and refused without permission; both end in "Copy failed".
 * `news`, what the click also did (the free trial conversation started), joins the same toast:
 * one click, one toast. Resolves to whether the link reached the clipboard.
 */
export async function copyLinkWithToast(url: string, news?: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    // Kept to two lines on a phone: the toast sits over the header band (decision 038).
    const description = news
      ? `Paste it into a fresh browser tab. ${news}`
      : 'The chat link copied to clipboard; paste it into a fresh browser tab.';
    toast.success('URL copied!', { description });
    return true;
  } catch {
    toast.error('Copy failed', { description: 'Unable to copy URL. Please try again.' });
    return false;
  }
}
