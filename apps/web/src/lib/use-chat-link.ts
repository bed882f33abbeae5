import { chatLink } from '@app/shared';
import { useAppConfig } from './app-config';

/**
 * The click-to-chat link to the coach with a prefilled greeting. The number is
 * the server's (GET /api/config), so the link is undefined until it has loaded.
 */
export function useChatLink(text: string): { link: string | undefined; failed: boolean } {
  const config = useAppConfig();
  return {
    link: config.data ? chatLink(config.data.whatsapp_number, text) : undefined,
    failed: config.isError,
  };
}
