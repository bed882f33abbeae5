import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP ASVS 5.0 strength: 46 MiB of memory, one pass, one lane.
 * (better-auth's default scrypt cost is below that bar.)
 */
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a crash
  }
}
