import { formatBytes, formatDuration } from './upload';

describe('How a library item is described', () => {
  it.each([
    [0, '0:00'],
    [0.4, '0:00'],
    [7, '0:07'],
    [59.4, '0:59'],
    [59.6, '1:00'],
    [119.5, '2:00'],
    [725, '12:05'],
  ])('should show %p seconds as %s', (seconds, shown) => {
    expect(formatDuration(seconds)).toBe(shown);
  });

  it('should show sizes in KB, MB and GB', () => {
    expect([formatBytes(100), formatBytes(2048), formatBytes(12.34 * 1024 * 1024), formatBytes(1.5 * 1024 ** 3)]).toEqual(['1 KB', '2 KB', '12.3 MB', '1.5 GB']);
  });

  it('should show an empty library as using nothing, not 1 KB', () => {
    expect(formatBytes(0)).toBe('0 KB');
  });
});
