import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { codeStep, newRecoveryCodes, newSecret, normaliseRecoveryCode, secretUri } from './totp';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 15);
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

describe('time-based codes (RFC 6238)', () => {
  const secret = newSecret();
  const step = Math.floor(NOW / 30_000);

  it('accepts the current step and one step either side, naming the step', () => {
    expect(codeStep(secret, codeAt(secret, NOW), NOW)).toBe(step);
    expect(codeStep(secret, codeAt(secret, NOW - 30_000), NOW)).toBe(step - 1);
    expect(codeStep(secret, codeAt(secret, NOW + 30_000), NOW)).toBe(step + 1);
  });

  it('refuses codes two steps away and codes of another secret', () => {
    expect(codeStep(secret, codeAt(secret, NOW + 60_000), NOW)).toBeUndefined();
    expect(codeStep(secret, codeAt(newSecret(), NOW), NOW)).toBeUndefined();
  });

  it('names the issuer and the account in the URI of a 160-bit secret', () => {
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(secretUri(secret, 'a@b.example')).toMatch(
      /^otpauth:\/\/totp\/CBM:a%40b\.example\?issuer=CBM&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
  });
});

describe('recovery codes', () => {
  it('are ten different codes of two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('compare ignoring case, spaces and dashes', () => {
    expect(normaliseRecoveryCode(' K3M9Q x2p7w ')).toBe(normaliseRecoveryCode('k3m9q-x2p7w'));
  });
});
