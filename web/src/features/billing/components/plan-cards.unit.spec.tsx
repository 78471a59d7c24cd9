/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server, useMswServer } from '../../../../test/server';
import { renderRoutes } from '../../../../test/render';
import { AntdProvider } from '../../../components/antd-provider';
import { PlanCards } from './plan-cards';

useMswServer();

const subscribed = (subscription: object | null) => server.use(http.get('*/api/billing/subscription', () => HttpResponse.json({ subscription })));
const renderCards = () => renderRoutes({ at: '/dashboard/billing', withAuth: false, routes: [{ path: '/dashboard/billing', element: <AntdProvider><PlanCards /></AntdProvider> }] });
const daily = () => within(screen.getByTestId('plan-DAILY'));

describe('The plan cards', () => {
  it('given a free user, when the page opens, then it shows the monthly prices (spec default)', async () => {
    subscribed(null);
    renderCards();
    expect(await daily().findByText('$39')).toBeInTheDocument();
    expect(daily().getByRole('button', { name: 'Choose Daily' })).toBeEnabled();
  });

  it('given a subscriber paying yearly, when the page opens, then their plan shows at the yearly price they pay', async () => {
    subscribed({ plan: 'DAILY', status: 'active', currentPeriodEnd: '2027-11-30T00:00:00.000Z', period: 'annual' });
    renderCards();
    expect(await daily().findByText('$27')).toBeInTheDocument();
    expect(daily().getByText('Billed yearly')).toBeInTheDocument();
    expect(daily().getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });

  it('given a subscriber paying yearly, when they choose monthly, then the monthly prices show', async () => {
    subscribed({ plan: 'DAILY', status: 'active', currentPeriodEnd: '2027-11-30T00:00:00.000Z', period: 'annual' });
    renderCards();
    await daily().findByText('$27');
    await userEvent.click(screen.getByText('Monthly'));
    expect(await daily().findByText('$39')).toBeInTheDocument();
  });
});
