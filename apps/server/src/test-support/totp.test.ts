import { describe, expect, it } from 'vitest';
import { secretFromOtpauthUri, totpCode } from './totp';

/** The tests' authenticator against the RFCs' own figures, so a two-factor test cannot pass on a wrong code. */
describe('the test authenticator', () => {
  const rfcSecret = Buffer.from('12345678901234567890');

  it('gives RFC 6238 appendix B codes (SHA-1)', () => {
    expect(totpCode(rfcSecret, 59_000, 30, 8)).toBe('94287082');
    expect(totpCode(rfcSecret, 1_111_111_109_000, 30, 8)).toBe('07081804');
    expect(totpCode(rfcSecret, 20_000_000_000_000, 30, 8)).toBe('65353130');
  });

  it('reads the base32 secret of an otpauth URI', () => {
    // "12345678901234567890" in base32 (RFC 4648).
    const uri = 'otpauth://totp/Calm%20Space:a%40b.c?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Calm%20Space';
    expect(secretFromOtpauthUri(uri)).toEqual(rfcSecret);
  });
});
