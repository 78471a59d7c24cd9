import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { subscriptionDecider, subscriptionStreamId } from '@app/domain';
import { commandMetadata, handle } from '@app/platform';
import { aGenerateVideoBody, createBillingApp, type BillingApp } from '../billing/testing/billing-app';

describe('POST /api/generate-video', () => {
  let t: BillingApp;
  beforeEach(() => {
    t = createBillingApp({ provider: 'local' });
  });
  afterEach(() => t.close());

  const generate = (token: string) => request(t.app).post('/api/generate-video').set('authorization', `Bearer ${token}`).send(aGenerateVideoBody());

  describe('When the processing slot is held by a video that was never requested (a crash between the two appends)', () => {
    it('should release the slot and request the new video', async () => {
      const { userId, token } = await t.aUser();
      const phantom = randomUUID();
      await handle(t.store, subscriptionStreamId(userId), subscriptionDecider, { type: 'UseVideoCredit', data: { userId, videoId: phantom }, metadata: commandMetadata({ userId }) });
      // The Free plan's single video went to the phantom: subscribe so that one more is allowed.
      await handle(t.store, subscriptionStreamId(userId), subscriptionDecider, {
        type: 'ActivateSubscription',
        data: { userId, plan: 'DAILY', period: 'monthly', customerId: 'cus_1', subscriptionId: 'sub_1', currentPeriodEnd: new Date(Date.now() + 30 * 86400_000).toISOString() },
        metadata: commandMetadata({ userId }),
      });

      const res = await generate(token).expect(201);

      const types = (await t.store.readStream(subscriptionStreamId(userId))).map((e) => [e.type, e.data.videoId]);
      expect(types).toContainEqual(['VideoProcessingEnded', phantom]);
      expect(types).toContainEqual(['VideoCreditUsed', res.body.videoId]);
    });
  });

  describe('When another video of the user is still processing', () => {
    it("should answer 409 'Video is still processing' and keep the slot", async () => {
      const { token } = await t.aUser();
      await generate(token).expect(201);
      const res = await generate(token).expect(409);
      expect(res.body).toEqual({ error: 'Video is still processing' });
    });
  });

  describe('When the Free plan has made its video', () => {
    it('should answer 403 with the plan\'s message', async () => {
      const { userId, token } = await t.aUser();
      const first = await generate(token).expect(201);
      await handle(t.store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: first.body.videoId }, metadata: commandMetadata({ userId }) });
      const res = await generate(token).expect(403);
      expect(res.body).toEqual({ error: 'Please subscribe to generate more videos' });
    });
  });
});
