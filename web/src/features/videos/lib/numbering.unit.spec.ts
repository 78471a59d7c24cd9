import { cardNumber, paginate, wholeSeconds, PAGE_SIZE } from './numbering';

describe('When videos are numbered across pages', () => {
  it('should give the oldest #1001 and the newest the highest number', () => {
    const total = 8;
    const numbers = Array.from({ length: total }, (_, i) => cardNumber(i, total));
    expect(numbers).toEqual([1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001]);
  });
  it('should put 6 cards on a page and continue the count on the next page', () => {
    const pages = paginate(Array.from({ length: 14 }, (_, i) => i));
    expect(pages.map((p) => p.length)).toEqual([6, 6, 2]);
    expect(cardNumber(1 * PAGE_SIZE + 0, 14)).toBe(1008);
  });
  it('should show whole seconds', () => {
    expect(wholeSeconds(59.6)).toBe('60s');
  });
});
