import { MIN_PASSWORD_LENGTH } from './constants';

/**
 * Passwords seen most often in public breach corpora. A password that is on
 * this list is guessed in the first seconds of any attack, whatever its length,
 * so sign-up and password reset refuse it with a "weak password" reason.
 * Kept short on purpose: it ships to the browser as well as the server.
 */
const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '111111', '1111111',
  '11111111', '000000', '00000000', '121212', '123123', '123321', '654321', '666666', '696969',
  '777777', '112233', '123654', '159753', '987654321', 'qwerty', 'qwerty123', 'qwertyuiop',
  'qwerty1', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'zaq12wsx', 'asdfgh', 'asdfghjkl', 'azerty',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'letmein', 'letmein1', 'welcome', 'welcome1', 'welcome123', 'iloveyou', 'iloveyou1',
  'admin123', 'administrator', 'abc123', 'abcdef', 'abcd1234', 'abc12345', 'monkey', 'dragon',
  'master', 'football', 'baseball', 'basketball', 'soccer', 'hockey', 'superman', 'batman',
  'trustno1', 'sunshine', 'princess', 'shadow', 'michael', 'jennifer', 'jordan23', 'charlie',
  'freedom', 'whatever', 'starwars', 'computer', 'secret', 'changeme', 'default', 'google',
  'mustang', 'access', 'flower', 'hello123', 'loveme', 'lovely', 'killer', 'pokemon', 'cheese',
  'summer', 'winter', 'spring', 'autumn', 'liverpool', 'arsenal', 'chelsea', 'manchester',
  'qazwsx', 'ashley', 'bailey', 'daniel', 'thomas', 'hunter', 'ranger', 'buster', 'soccer1',
  'aaaaaa', 'abcabc', 'test123', 'testing', 'test1234', 'guest123', 'login123', 'zxcvbnm',
  'zxcvbn', 'asdf1234', 'pass1234', 'mypassword', 'football1', 'monkey123', 'dragon123',
]);

/** True when the password is one of the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const WEAK_PASSWORD_MESSAGE =
  'Password is too weak: it is one of the most commonly used passwords. Please choose another.';

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
