import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens';

const claims = (exp: number | undefined) => ({ sub: 'account', sid: 'session', tv: 1, exp });

describe('verified tokens', () => {
  it('answers a remembered token until its expiry, then forgets it', () => {
    const tokens = new VerifiedTokens();
    tokens.set('token-a', claims(1000));
    expect(tokens.get('token-a', 999_999)).toEqual(claims(1000));
    expect(tokens.get('token-a', 1_000_000)).toBeNull();
    expect(tokens.get('token-a', 0)).toBeNull();
  });

  it('never remembers a token without an expiry, nor one it was not given', () => {
    const tokens = new VerifiedTokens();
    tokens.set('token-b', claims(undefined));
    expect(tokens.get('token-b', 0)).toBeNull();
    expect(tokens.get('token-c', 0)).toBeNull();
  });

  it('holds at most its bound, forgetting the oldest first', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('first', claims(10));
    tokens.set('second', claims(10));
    tokens.set('third', claims(10));
    expect(tokens.get('first', 0)).toBeNull();
    expect(tokens.get('second', 0)).not.toBeNull();
    expect(tokens.get('third', 0)).not.toBeNull();
  });
});
