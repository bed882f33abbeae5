import type { WhatsAppConfig } from '../../env';
import type { Logger } from '../logger';
import type { WhatsAppApi } from './whatsapp-api';

/** Meta's Graph API client. To be built (outbound helper): replaces this file. */
export function createGraphClient(_settings: Extract<WhatsAppConfig, { mode: 'cloud' }>, _logger: Logger): WhatsAppApi {
  throw new Error('graph client not built yet');
}
