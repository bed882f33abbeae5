import type { Database } from '../../db/client';
import type { WhatsAppApi } from './whatsapp-api';

/** Local mode's WhatsApp. To be built (local helper): replaces this file. */
export function createLocalProvider(_db: Database): WhatsAppApi {
  const notYet = async (): Promise<never> => {
    throw new Error('local provider not built yet');
  };
  return { sendText: notYet, sendTemplate: notYet, markRead: notYet, mediaInfo: notYet, downloadMedia: notYet };
}
