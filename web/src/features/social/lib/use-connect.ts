import { useConnectAccountMutation } from '../api';
import { toast } from '../../../lib/toast';
import { PLATFORM_NAMES, type Platform } from './platforms';
import { redirectTo } from '../../../lib/navigation';
import { reportSilently } from '../../../lib/report';

/**
 * Connect: GET /api/auth/:platform/connect then go to its authUrl.
 * 'Failed to initiate <platform> connection' when the answer is not OK,
 * 'Failed to connect to <platform>' when the call itself throws.
 */
export function useConnect() {
  const [connect, state] = useConnectAccountMutation();
  const start = async (platform: Platform) => {
    const name = PLATFORM_NAMES[platform];
    const result = await connect(platform);
    if ('data' in result && result.data?.authUrl) {
      redirectTo(result.data.authUrl);
      return;
    }
    const error = 'error' in result ? result.error : undefined;
    reportSilently(`Connect ${name} failed`, error);
    const thrown = (error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR';
    toast({
      title: 'Error',
      description: thrown ? `Failed to connect to ${name}` : `Failed to initiate ${name} connection`,
      variant: 'destructive',
    });
  };
  return { start, connecting: state.isLoading ? state.originalArgs : undefined };
}
