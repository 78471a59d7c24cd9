import { useContext, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';

export type CardFrameProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & { title?: ReactNode };

/**
 * antd's Card as the app uses it (a bordered box with a title bar): its markup and its own styles,
 * without the component. The component brings its tabs (with a menu, a dropdown and their pop-up
 * engine) and its loading skeleton to every page that shows a card: some 25 KB the app never uses.
 */
export function CardFrame({ title, className, children, ...rest }: CardFrameProps): ReactElement {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  return (
    <div {...rest} className={[prefixCls, `${prefixCls}-bordered`, className, hashId, cssVarCls].filter(Boolean).join(' ')}>
      {title != null && (
        <div className={`${prefixCls}-head`}>
          <div className={`${prefixCls}-head-wrapper`}>
            <div className={`${prefixCls}-head-title`}>{title}</div>
          </div>
        </div>
      )}
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>
  );
}
