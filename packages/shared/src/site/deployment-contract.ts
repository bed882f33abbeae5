/** What the API says about this deployment (docs/product.md#running-locally). */

/** GET /api/health (docs/product.md#running-locally). */
export type HealthDto = {
  ok: boolean;
  database: 'pglite' | 'postgres';
  version: string;
};

/** GET /api/config: what the browser may know about this deployment. */
export type AppConfigDto = {
  google_sign_in: boolean;
  whatsapp_number: string;
  local_mode: boolean;
};
