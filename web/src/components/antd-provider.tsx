import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import { APP_TOKEN, themeAlgorithm, type WorkedOutTheme } from './antd-theme';

declare const __ANTD_THEME__: WorkedOutTheme | undefined;

/** The theme as the build worked it out (vite.config.ts), or none (jest). */
const algorithm = themeAlgorithm(typeof __ANTD_THEME__ === 'object' ? __ANTD_THEME__ : null);

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
        algorithm,
        token: APP_TOKEN,
      }}
    >
      {children}
    </ConfigProvider>
  );
}

let themePrepared: Promise<void> | undefined;

/**
 * Works out the app's antd theme before the first page that uses it renders: antd's first render
 * of its provider (the theme's ~440 values and their CSS variables, and antd's code run for the
 * first time) took ~45 ms of a desktop's CPU, one long task inside the page's first render. Here it
 * is rendered on a root of its own that stays mounted (antd keeps the theme while a component uses
 * it), as a transition, which React splits into short tasks; settles once it is in.
 */
export function prepareAntdTheme(): Promise<void> {
  themePrepared ??= new Promise<void>((done) => {
    const root = createRoot(document.createElement('div'));
    startTransition(() =>
      root.render(
        <AntdProvider>
          <Prepared onPrepared={done} />
        </AntdProvider>,
      ),
    );
  });
  return themePrepared;
}

function Prepared({ onPrepared }: { onPrepared: () => void }): null {
  useEffect(onPrepared, [onPrepared]);
  return null;
}
