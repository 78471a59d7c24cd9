import type { ReactElement } from 'react';

export default function Page(): ReactElement {
  return <div />;
}
