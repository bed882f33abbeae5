/** A mail kept by the server's local mailbox: GET /api/dev/mailbox (local mode only, docs/product.md#running-locally). */
export type LocalMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
};
