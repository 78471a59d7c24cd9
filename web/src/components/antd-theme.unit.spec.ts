import { theme } from 'antd';
import { APP_TOKEN, themeAlgorithm, workOutAppTheme } from './antd-theme';

describe('The app theme worked out by the build', () => {
  it("should give every design token antd's own algorithm gives the app's tokens", () => {
    const workedOut = workOutAppTheme();
    expect(theme.getDesignToken({ token: APP_TOKEN, algorithm: themeAlgorithm(workedOut) })).toEqual(theme.getDesignToken({ token: APP_TOKEN }));
  });

  it('should be answered from what the build worked out, not worked out again', () => {
    const workedOut = workOutAppTheme();
    const marked = { ...workedOut, map: { ...workedOut.map, colorPrimaryHover: '#123456' } };
    expect(theme.getDesignToken({ token: APP_TOKEN, algorithm: themeAlgorithm(marked) }).colorPrimaryHover).toBe('#123456');
  });

  it('should be worked out as antd would for tokens it was not worked out for (the build is older than the code)', () => {
    const workedOut = workOutAppTheme();
    const otherTokens = { ...APP_TOKEN, colorPrimary: '#16a34a' };
    expect(theme.getDesignToken({ token: otherTokens, algorithm: themeAlgorithm(workedOut) })).toEqual(theme.getDesignToken({ token: otherTokens }));
  });

  it('should be worked out as antd would when the build worked nothing out (as under jest)', () => {
    expect(theme.getDesignToken({ token: APP_TOKEN, algorithm: themeAlgorithm(null) })).toEqual(theme.getDesignToken({ token: APP_TOKEN }));
  });
});
