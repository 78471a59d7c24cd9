import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

/** The antd theme of the app (brand blue, rounded, system font). Loaded only by routes that use antd. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      theme={{
        token: {
          colorPrimary: '#1d4ed8',
          colorLink: '#1d4ed8',
          borderRadius: 10,
          fontFamily: 'inherit',
          colorText: '#0f172a',
          colorTextSecondary: '#475569',
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
