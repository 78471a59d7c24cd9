import type { MouseEvent, ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, type ButtonProps } from 'antd';
import { isPlainClick } from '../../lib/plain-click';

/**
 * An antd button that is a real link (`<a href>`) but navigates inside the app; a click the browser
 * gives a meaning of its own (a new tab or window, a download) is left to the browser.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }): ReactElement {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
