/**
 * JSON as Meta sends its webhooks: every character outside ASCII written as a
 * `\uXXXX` escape with lowercase hex (an emoji as its two UTF-16 halves), so
 * `äöå` is `\u00e4\u00f6\u00e5`. Meta signs these bytes: a receiver that
 * verifies a re-serialised body (where the escapes are UTF-8 again) fails on
 * the first accent, which is what the local phone's payloads let tests catch.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
