import { chatLink, greetingWithReference } from '@app/shared';
import { useAppConfig } from './app-config';
import { useLinkReference } from './whatsapp/member-whatsapp';

/**
 * The click-to-chat link to the coach with a prefilled greeting. The number is
 * the server's (GET /api/config), so the link is undefined until it has loaded.
 * For a signed-in member the greeting ends with their link reference, which
 * links the WhatsApp contact that sends it to their account (decision 056);
 * until the reference has loaded (or when it cannot be) the plain greeting is
 * used: the link never waits for it.
 */
export function useChatLink(text: string): { link: string | undefined; failed: boolean } {
  const config = useAppConfig();
  const reference = useLinkReference();
  return {
    link: config.data ? chatLink(config.data.whatsapp_number, greetingWithReference(text, reference)) : undefined,
    failed: config.isError,
  };
}
