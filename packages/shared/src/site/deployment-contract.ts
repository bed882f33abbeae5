/** What the API says about this deployment (docs/product.md#running-locally). */

/** GET /api/health (docs/product.md#running-locally). */
export type HealthDto = {
  ok: boolean;
  database: 'pglite' | 'postgres';
  version: string;
  /**
   * The WhatsApp bridge (decision 056): `off` (not configured), `local` (the
   * local provider), `ok`, or `degraded` (sends failing or waiting, or no
   * inbound message for hours while sends succeed). A degraded bridge does not
   * make the server unhealthy: the web chat still works.
   */
  whatsapp: WhatsAppBridgeState;
};

export const WHATSAPP_BRIDGE_STATES = ['off', 'local', 'ok', 'degraded'] as const;
export type WhatsAppBridgeState = (typeof WHATSAPP_BRIDGE_STATES)[number];

/** GET /api/config: what the browser may know about this deployment. */
export type AppConfigDto = {
  google_sign_in: boolean;
  whatsapp_number: string;
  local_mode: boolean;
};
