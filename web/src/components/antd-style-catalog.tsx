/**
 * The antd components most dashboard pages show once their data is in (the skeletons, rendered
 * at build time, hold the rest of each page's): rendered once at build time (entry-server.tsx)
 * inside the app's theme, only so that antd writes their styles down into the page's stylesheet.
 * A component left out still works: antd computes its styles in the browser. Not part of the app's
 * bundle.
 */
import type { ReactElement } from 'react';
import { Alert, Button, Empty, Modal, Progress, Spin, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

const noop = () => undefined;

export function AntdStyleCatalog(): ReactElement {
  return (
    <>
      <Button>Default</Button>
      <Button type="primary" size="large" icon={<PlusOutlined />} block loading>
        Primary
      </Button>
      <Button type="primary" ghost size="small" danger>
        Ghost
      </Button>
      <Button type="text" icon={<PlusOutlined />} aria-label="Icon" />
      <Tag color="green">Tag</Tag>
      <Modal open={false} title="Modal" onOk={noop} onCancel={noop} />
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Empty" />
      <Progress percent={30} status="active" />
      <Alert type="warning" showIcon title="Alert" description="Alert" />
      <Spin size="large" />
    </>
  );
}
