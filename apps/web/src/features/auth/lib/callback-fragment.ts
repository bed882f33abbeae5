/**
 * What a mail link's address fragment asks the verification page to do
 * (docs/product.md#accounts-and-signing-in).
 * Tokens travel in the fragment so they never reach a server log.
 */
export type CallbackOutcome =
  | { kind: 'recovery'; token: string }
  | { kind: 'signup'; token: string }
  | { kind: 'email_change'; token: string }
  | { kind: 'email_change_undo'; token: string }
  | { kind: 'error'; message: string };

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';
export const INVALID_TOKEN_MESSAGE = 'Invalid or missing verification token';
/** The error alert's guidance (docs/product.md#accounts-and-signing-in). */
export const LINK_FALLBACK_MESSAGE = 'The verification link may be expired or invalid. Please request a new one.';

const TOKEN_TYPES = ['recovery', 'signup', 'email_change', 'email_change_undo'] as const;
type TokenType = (typeof TOKEN_TYPES)[number];

function isTokenType(value: string | null): value is TokenType {
  return (TOKEN_TYPES as readonly (string | null)[]).includes(value);
}

/**
 * Reads `#access_token=…&type=…` or `#error=…&error_description=…`. The query
 * string is read as well, because some providers report errors there.
 */
export function parseCallbackFragment(hash: string, search = ''): CallbackOutcome {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const read = (name: string) => fragment.get(name) ?? query.get(name);

  if (read('error')) {
    return { kind: 'error', message: read('error_description')?.trim() || UNKNOWN_ERROR_MESSAGE };
  }
  const token = read('access_token')?.trim();
  const type = read('type');
  if (!token || !isTokenType(type)) return { kind: 'error', message: INVALID_TOKEN_MESSAGE };
  return { kind: type, token };
}
