import { RENDER_STATUS } from '@app/domain';
import { UnreadableMessageError, type IncomingMessage } from './port';
import { readMessage } from './reading';

const aStatus = { videoId: 'video-1', status: 'start', at: '2026-01-01T00:00:00.000Z', workerId: 'py-1', attempt: 1 };
const anIncoming = (value: unknown, headers: Record<string, string> = {}): IncomingMessage => ({
  topic: RENDER_STATUS.topic, key: 'video-1', value, headers, partition: 0, offset: '0', redeliveries: 0,
});

describe('readMessage', () => {
  describe('When a message carries no schema version', () => {
    it('should read it as version 1', () => {
      expect(readMessage(RENDER_STATUS, anIncoming(aStatus))).toMatchObject(aStatus);
    });
  });

  describe('When a message declares a version this consumer reads', () => {
    it('should read it, ignoring fields it does not know (additive changes)', () => {
      expect(readMessage(RENDER_STATUS, anIncoming({ ...aStatus, gpu: 'A100' }, { schemaVersion: '1' }))).toEqual(aStatus);
    });
  });

  describe('When a message cannot be read', () => {
    it.each([
      ['a newer schema version', anIncoming(aStatus, { schemaVersion: '2' }), 'schemaVersion "2" is not one this consumer reads (1 to 1)'],
      ['a version that is not a number', anIncoming(aStatus, { schemaVersion: 'v1' }), 'schemaVersion "v1" is not one this consumer reads (1 to 1)'],
      ['a body that is not JSON', anIncoming('{"videoId": oops'), 'the body is not JSON: "{\\"videoId\\": oops"'],
      ['a body of another shape', anIncoming({ ...aStatus, status: 'rendering', attempt: -1 }), 'not a render.status message (schema v1): status: Invalid option: expected one of'],
    ])('should refuse %s with a reason an operator can act on', (_, message, reason) => {
      expect(() => readMessage(RENDER_STATUS, message)).toThrow(UnreadableMessageError);
      expect(() => readMessage(RENDER_STATUS, message)).toThrow(reason);
    });
  });
});
