import { createHmac } from 'node:crypto';
import type { Config } from '../../env';
import type { Database } from '../../db/client';
import type { Logger } from '../logger';
import { createGraphClient } from './graph-client';
import { createLocalProvider } from './local-provider';
import type { WhatsAppApi, WhatsAppTemplate } from './whatsapp-api';

/**
 * The WhatsApp bridge as the routes and workers see it (decision 056), made
 * once at start-up from the configuration: who answers (Meta's Graph API, the
 * local provider, or nobody), and the secrets that prove a webhook came from
 * WhatsApp. In local mode the secrets are derived from the server's own
 * secret, so the /dev/whatsapp phone signs exactly as Meta does and the same
 * verification code runs.
 */
export interface WhatsAppBridge {
  mode: 'cloud' | 'local' | 'off';
  /** Verifies X-Hub-Signature-256 (HMAC-SHA256 of the raw body); null when the bridge is off. */
  appSecret: string | null;
  /** What the GET handshake's hub.verify_token must equal; null when the bridge is off. */
  verifyToken: string | null;
  /** null when the bridge is off: replies stay in the web chat. */
  api: WhatsAppApi | null;
  /** Sent outside the 24-hour window to tell the person a reply is waiting (WHATSAPP_REPLY_TEMPLATE). */
  replyTemplate: WhatsAppTemplate | null;
  /**
   * Sent outside the window for a programme message (WHATSAPP_PROGRAMME_TEMPLATE, decision 058):
   * its quick-reply button reopens the window, and the waiting message follows.
   */
  programmeTemplate: WhatsAppTemplate | null;
  /** The business number's id the webhooks name (metadata.phone_number_id); `local` in local mode. */
  phoneNumberId: string;
}

/** A local secret for one purpose, from the server's secret (never used when the Cloud API is configured). */
const derived = (serverSecret: string, purpose: string) =>
  createHmac('sha256', serverSecret).update(`calm-space local whatsapp ${purpose}`).digest('hex');

export function createWhatsAppBridge(
  config: Config,
  serverSecret: string,
  db: Database,
  logger: Logger,
): WhatsAppBridge {
  const settings = config.whatsapp;
  const replyTemplate = settings.replyTemplate ?? null;
  const programmeTemplate = settings.programmeTemplate ?? null;
  switch (settings.mode) {
    case 'cloud':
      return {
        mode: 'cloud',
        appSecret: settings.appSecret,
        verifyToken: settings.verifyToken,
        api: createGraphClient(settings, logger),
        replyTemplate,
        programmeTemplate,
        phoneNumberId: settings.phoneNumberId,
      };
    case 'local':
      return {
        mode: 'local',
        appSecret: derived(serverSecret, 'app secret'),
        verifyToken: derived(serverSecret, 'verify token'),
        api: createLocalProvider(db, { publicUrl: config.publicUrl }),
        replyTemplate,
        programmeTemplate,
        phoneNumberId: 'local',
      };
    case 'off':
      return {
        mode: 'off',
        appSecret: null,
        verifyToken: null,
        api: null,
        replyTemplate,
        programmeTemplate,
        phoneNumberId: '',
      };
  }
}
