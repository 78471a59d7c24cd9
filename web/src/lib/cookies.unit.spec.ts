import { FPR_MAX_AGE, getCookie, readReferral, storeReferralFromSearch } from './cookies';

describe('fpr referral cookie', () => {
  it('should store ?fpr= in the fpr cookie for 30 days', () => {
    const writes: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = jest.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
      desc.set!.call(document, v);
    });
    expect(storeReferralFromSearch('?utm=x&fpr=alice')).toBe('alice');
    spy.mockRestore();
    expect(writes[0]).toMatch(/^fpr=alice; path=\/;/);
    expect(writes[0]).toContain('max-age=2592000');
    expect(FPR_MAX_AGE).toBe(2592000);
    expect(getCookie('fpr')).toBe('alice');
    expect(readReferral()).toBe('alice');
  });

  it('should leave the cookie alone without fpr', () => {
    expect(storeReferralFromSearch('?utm=x')).toBeUndefined();
    expect(readReferral()).toBeUndefined();
  });
});
