import { useEffect, useState, type ReactElement } from 'react';
import { Button, Card, Descriptions, Modal, Skeleton, Tag } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { findPlan, type SubscriptionView } from '@app/domain';
import { useCancelSubscriptionMutation, useGetSubscriptionQuery, useUpdatePaymentMutation } from '../api';
import { redirectTo, reloadPage } from '../../../lib/navigation';
import { reportSilently } from '../../../lib/report';
import './billing.css';

export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1).toLowerCase() : text;
}

function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

function planName(sub: SubscriptionView): string {
  try {
    return findPlan(sub.plan).name;
  } catch {
    return capitalise(String(sub.plan));
  }
}

/** CURRENT PLAN: Free (Max Series 1, '1 video creation') or the subscription with its actions. */
export function CurrentPlan(): ReactElement {
  const { data: subscription, isLoading, error } = useGetSubscriptionQuery();
  const [updatePayment, paymentState] = useUpdatePaymentMutation();
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    if (error) reportSilently('Failed to fetch subscription', error);
  }, [error]);

  const onUpdatePayment = async () => {
    try {
      const { url } = await updatePayment().unwrap();
      if (url) redirectTo(url);
    } catch (e) {
      reportSilently('Failed to update payment method', e);
    }
  };
  const onCancel = async () => {
    try {
      await cancel().unwrap();
      setConfirmOpen(false);
      reloadPage();
    } catch (e) {
      setConfirmOpen(false);
      reportSilently('Failed to cancel subscription', e);
    }
  };

  const free = findPlan('FREE');
  const active = subscription && subscription.plan !== 'FREE' ? subscription : null;
  return (
    <Card className="billing-current" title={<h2 className="billing-h2">CURRENT PLAN</h2>} data-testid="current-plan">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : active ? (
        <>
          <Descriptions column={{ xs: 1, sm: 3 }} size="small">
            <Descriptions.Item label="Plan">{planName(active)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={active.status === 'active' ? 'green' : 'orange'}>{capitalise(active.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={active.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}>{formatDate(active.currentPeriodEnd)}</Descriptions.Item>
          </Descriptions>
          {active.pendingPlan && active.pendingPlan !== active.plan && (
            <p className="billing-note">Changes to {capitalise(active.pendingPlan)} at the next billing cycle.</p>
          )}
          <div className="billing-actions">
            <Button type="primary" icon={<CreditCardOutlined />} loading={paymentState.isLoading} onClick={() => void onUpdatePayment()}>
              Update Payment Method
            </Button>
            {!active.cancelAtPeriodEnd && (
              <Button danger onClick={() => setConfirmOpen(true)}>
                Cancel Subscription
              </Button>
            )}
          </div>
        </>
      ) : (
        <Descriptions column={{ xs: 1, sm: 3 }} size="small">
          <Descriptions.Item label="Plan">{free.name}</Descriptions.Item>
          <Descriptions.Item label="Max Series">{free.maxSeries}</Descriptions.Item>
          <Descriptions.Item label="Frequency">{free.frequency}</Descriptions.Item>
        </Descriptions>
      )}
      <Modal
        open={confirmOpen}
        title="Cancel your subscription?"
        okText="Cancel Subscription"
        cancelText="Keep my plan"
        okButtonProps={{ danger: true, loading: cancelState.isLoading }}
        onOk={() => void onCancel()}
        onCancel={() => setConfirmOpen(false)}
      >
        Your plan stays active until the end of the current billing period. There are no refunds.
      </Modal>
    </Card>
  );
}
