import type { CSSProperties, ReactElement } from 'react';
import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { useClientValue } from '../../lib/client-value';

/** Whether the browser sizes a text area to its text itself (`field-sizing: content`). */
export function growsInCss(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
}

export type GrowingTextAreaProps = Omit<TextAreaProps, 'autoSize' | 'classNames'> & {
  /** Grow with the text between these row counts. */
  grow: { minRows?: number; maxRows?: number };
};

/**
 * antd's `Input.TextArea` that grows with its text, in CSS where the browser can (`.ui-grows`,
 * global.css). antd's `autoSize` measures the text in a hidden text area of its own in a layout
 * effect, which lays the whole page out at once: on the video's page, taken over from the server's
 * HTML, its caption and scene lines took 70 ms of a 190 ms task. Where the browser cannot, antd's
 * measuring takes over once the page is the browser's (the server's HTML assumes it can).
 */
export function GrowingTextArea({ grow, style, ...rest }: GrowingTextAreaProps): ReactElement {
  const css = useClientValue(growsInCss, true);
  if (!css) return <Input.TextArea {...rest} style={style} autoSize={grow} />;
  const rows = { '--ui-min-rows': grow.minRows ?? 1, '--ui-max-rows': grow.maxRows ?? 1000 } as CSSProperties;
  return <Input.TextArea {...rest} style={{ ...style, ...rows }} classNames={{ textarea: 'ui-grows' }} />;
}
