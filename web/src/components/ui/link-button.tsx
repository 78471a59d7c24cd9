import type { MouseEvent, ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, type ButtonProps } from 'antd';

/** An antd button that is a real link (`<a href>`) but navigates inside the app. */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }): ReactElement {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
