import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/**
 * Tags draw their text in the 7th shade of their colour on its 1st, short of AA for these (the
 * billing page's 'Active', analytics' statuses): their 8th shade instead. Both names of a shade are
 * set (`green7`, `'green-7'`), since both become the one CSS variable (--ant-green-7).
 */
const TAG_TEXT_SHADES = Object.fromEntries(
  Object.entries({ green: '#237804', orange: '#ad4e00', gold: '#ad6800', lime: '#3f6600', cyan: '#006d75', volcano: '#ad2102' }).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

/**
 * The antd theme of the app (brand blue, rounded, system font). Loaded only by routes that use antd.
 * Its values are CSS variables (antd 6) and its class names plain (`ant-btn`, no per-theme hash): the
 * one theme of the app, whose component styles the build writes into a stylesheet (entry-server.tsx)
 * so that antd need not compute them in the browser.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      theme={{
        hashed: false,
        // One name for the theme's variables (antd names them per provider otherwise), the same in the prerendered HTML and the browser.
        cssVar: { key: 'css-var-app' },
        token: {
          colorPrimary: '#1d4ed8',
          colorLink: '#1d4ed8',
          borderRadius: 10,
          fontFamily: 'inherit',
          colorText: '#0f172a',
          colorTextSecondary: '#475569',
          // antd's default greys for counters, placeholders and captions (45 % black) fall short of
          // WCAG AA contrast on white: these keep 4.5:1 or more.
          colorTextDescription: '#5b6474',
          colorTextTertiary: '#5b6474',
          colorTextPlaceholder: '#6b7280',
          // A danger button's red (Cancel Subscription, Disconnect) at 4.5:1 on white; antd's is 3.6:1.
          colorError: '#dc2626',
          ...TAG_TEXT_SHADES,
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
