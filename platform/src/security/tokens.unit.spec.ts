import { UnauthorizedError } from '@app/domain';
import { SessionTokens } from './tokens';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('Session tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('should give the user of a token it issued, the first time and every time after', () => {
    const tokens = new SessionTokens(SECRET);
    const token = tokens.issue('user-1');
    expect(tokens.verify(token)).toBe('user-1');
    expect(tokens.verify(token)).toBe('user-1');
  });

  it('should refuse a token once it has expired, even one it verified before', () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    const tokens = new SessionTokens(SECRET, 60);
    const token = tokens.issue('user-1');
    expect(tokens.verify(token)).toBe('user-1');
    jest.setSystemTime(new Date('2026-11-26T10:01:01Z'));
    expect(() => tokens.verify(token)).toThrow(UnauthorizedError);
  });

  it('should refuse a token signed with another secret, or with its signature changed', () => {
    const tokens = new SessionTokens(SECRET);
    const token = tokens.issue('user-1');
    tokens.verify(token);
    const forged = new SessionTokens(`${SECRET}-other`).issue('user-1');
    expect(() => tokens.verify(forged)).toThrow('Not authorized, token failed');
    const at = token.lastIndexOf('.') + 1;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(tampered).not.toBe(token);
    expect(() => tokens.verify(tampered)).toThrow('Not authorized, token failed');
  });

  it('should refuse a known-device token as a session', () => {
    const tokens = new SessionTokens(SECRET);
    const device = tokens.issueDevice('user-1');
    expect(tokens.deviceUser(device)).toBe('user-1');
    expect(() => tokens.verify(device)).toThrow(UnauthorizedError);
  });
});
