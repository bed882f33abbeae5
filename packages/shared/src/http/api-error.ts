/**
 * What the API answers (decision 015). The server annotates each response with
 * the DTO types of each domain folder (`<domain>/<domain>-contract.ts`) and the
 * web app's typed client (hono/client over the server's route types) hands them
 * to the screens, so a shape is written down once.
 *
 * - A 2xx body is the resource itself: an object, an array for a collection,
 *   or null for "nothing yet". No `{ data }` wrapper.
 * - Field names are snake_case, as the spec names its columns. The one
 *   exception is the local mailbox's `createdAt`, see docs/product.md#running-locally.
 * - Any other status answers an ApiErrorBody.
 *
 * Types, not interfaces: hono's client maps them to JSON shapes reliably.
 */

export type FieldErrors = Record<string, string[]>;

/** Every non-2xx body. A 400 for bad input carries the messages of each field. */
export type ApiErrorBody = {
  /** A sentence a person can read; the web app shows it in toasts. */
  error: string;
  /** Field name (dotted path) → its messages; 400 only. */
  fieldErrors?: FieldErrors;
  /** A machine-readable reason where the screen must tell refusals apart, e.g. 'trial_expired'. */
  code?: string;
};
