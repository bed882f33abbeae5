import { useState } from 'react';

/**
 * Opens a url that the server has yet to give in a new tab. Pop-up blockers
 * allow a new window only during the click itself, so an empty tab opens in
 * the click and is sent on when the url arrives (or closed when the call
 * fails). When the browser blocks it, `blockedUrl` holds the url for the page
 * to offer as a link: a member is never left stuck.
 */
export function useNewTab() {
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  const open = async (getUrl: () => Promise<string>): Promise<{ url: string; blocked: boolean }> => {
    setBlockedUrl(null);
    const tab = window.open('', '_blank');
    let url: string;
    try {
      url = await getUrl();
    } catch (error) {
      tab?.close();
      throw error;
    }
    if (!tab || tab.closed) {
      setBlockedUrl(url);
      return { url, blocked: true };
    }
    tab.opener = null;
    tab.location.href = url;
    return { url, blocked: false };
  };

  return { open, blockedUrl, clearBlocked: () => setBlockedUrl(null) };
}
