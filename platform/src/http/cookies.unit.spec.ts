import { cookieOf } from './cookies';

describe("A request's cookies", () => {
  it('reads one cookie of many, and none that is empty or mangled', () => {
    expect(cookieOf('a=1; rp_session=abc.def; b=2', 'rp_session')).toBe('abc.def');
    expect(cookieOf('xrp_session=abc', 'rp_session')).toBeNull();
    expect(cookieOf('rp_session=', 'rp_session')).toBeNull();
    expect(cookieOf('rp_session=%E0%A4%A', 'rp_session')).toBeNull();
    expect(cookieOf(undefined, 'rp_session')).toBeNull();
  });
});
