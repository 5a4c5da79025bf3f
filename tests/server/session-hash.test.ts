import crypto from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { hashToken } from '../../host-shell/server/services/sessions';

// The session token's hash (host-shell/server/services/sessions.ts): what the database stores, worked out once a token.
describe('hashToken', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("is the token's SHA-256, worked out once for a token asked again", () => {
    const token = crypto.randomBytes(32).toString('base64url');
    const createHash = jest.spyOn(crypto, 'createHash');
    const first = hashToken(token);
    expect(first).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(createHash).toHaveBeenCalledTimes(2);
    expect(hashToken(token)).toBe(first);
    expect(hashToken(token)).toBe(first);
    expect(createHash).toHaveBeenCalledTimes(2);
  });

  it('does not keep what cannot be a token (a long cookie is hashed each time)', () => {
    const notAToken = 'x'.repeat(4000);
    const createHash = jest.spyOn(crypto, 'createHash');
    const hash = hashToken(notAToken);
    expect(hashToken(notAToken)).toBe(hash);
    expect(createHash).toHaveBeenCalledTimes(2);
  });
});
