import { parseJsonKeepingBigIntegers } from './http-util';

describe('When a platform answers JSON with integers beyond 2^53', () => {
  it('should keep them exact, as strings', () => {
    expect(parseJsonKeepingBigIntegers('{"ids":[7451234567890123456,-9007199254740993]}')).toEqual({ ids: ['7451234567890123456', '-9007199254740993'] });
  });

  it('should leave safe numbers, decimals and exponents as numbers', () => {
    expect(parseJsonKeepingBigIntegers('{"a":9007199254740991,"b":-1.5,"c":1e21,"d":0}')).toEqual({ a: 9007199254740991, b: -1.5, c: 1e21, d: 0 });
  });

  it('should not touch digits inside strings, escaped quotes included', () => {
    expect(parseJsonKeepingBigIntegers('{"s":"id \\"7451234567890123456\\" ok","n":[1,2]}')).toEqual({ s: 'id "7451234567890123456" ok', n: [1, 2] });
  });

  it('should still refuse text that is not JSON', () => {
    expect(() => parseJsonKeepingBigIntegers('{"a":')).toThrow(SyntaxError);
  });
});
