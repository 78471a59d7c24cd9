import type { ReactElement } from 'react';
import { Button } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { serverErrorOf } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDisconnectAccountMutation, useGetLinkStatusQuery } from '../api';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from '../lib/platforms';
import { useConnect } from '../lib/use-connect';
import { PlatformCard } from './platform-card';

function LinkedAccount({ platform }: { platform: Platform }): ReactElement {
  const name = PLATFORM_NAMES[platform];
  const status = useGetLinkStatusQuery(platform);
  const { start: connect, connecting } = useConnect();
  const [disconnect, disconnecting] = useDisconnectAccountMutation();
  const connected = Boolean(status.data?.connected);

  const onDisconnect = async () => {
    const result = await disconnect(platform);
    if ('error' in result) {
      toast({ title: 'Error', description: serverErrorOf(result.error) ?? `Failed to disconnect ${name}`, variant: 'destructive' });
    } else if (result.data?.error) {
      toast({ title: 'Error', description: result.data.error, variant: 'destructive' });
    } else {
      toast({ title: 'Success', description: `${name} disconnected successfully`, variant: 'success' });
    }
  };

  return (
    <PlatformCard platform={platform} status={status.error ? { connected: false } : status.data} loading={status.isLoading}>
      <Button type={connected ? 'default' : 'primary'} loading={connecting === platform} onClick={() => void connect(platform)}>
        {connected ? (platform === 'youtube' ? 'Change Channel' : 'Change Account') : 'Connect'}
      </Button>
      {connected && (
        <Button danger icon={<DisconnectOutlined />} loading={disconnecting.isLoading} onClick={() => void onDisconnect()}>
          Disconnect
        </Button>
      )}
    </PlatformCard>
  );
}

/** LINKED ACCOUNTS: YouTube, TikTok and Instagram with Connect, Change and Disconnect. */
export function LinkedAccounts(): ReactElement {
  return (
    <div className="social-grid linked-list">
      {PLATFORMS.map((p) => (
        <LinkedAccount key={p} platform={p} />
      ))}
    </div>
  );
}
