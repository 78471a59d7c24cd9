import { ConflictError, NotFoundError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { foldStream } from './aggregates';
import { eventsQuery, statsQuery, streamQuery } from './queries';
import { REDACTED, categoryOf, maskEmail, redact } from './redact';
import { projectionDecider } from './rebuild';

describe('Redaction of what analysts see', () => {
  const registered = { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', passwordHash: '$argon2id$v=19$secret', googleId: null };

  describe('When an analyst without pii reads a user event', () => {
    it('should replace the password hash and mask the email and the name', () => {
      expect(redact(registered, { pii: false, category: 'user' })).toEqual({ userId: 'u1', name: 'A***', email: 'a***@example.com', passwordHash: REDACTED, googleId: null });
    });
  });

  describe('When the analyst holds pii', () => {
    it('should show the email and the name, never the secrets', () => {
      expect(redact(registered, { pii: true, category: 'user' })).toEqual({ ...registered, passwordHash: REDACTED });
    });
  });

  describe('When secrets sit deep in data, metadata or a folded state', () => {
    it('should replace every one of them, whatever its depth', () => {
      const state = { resetTokens: { abc: '2026-11-24' }, links: [{ encryptedTokens: 'v1.xyz', dataKey: 'k' }], tokenHash: 'h', note: 'write to bob@example.com' };
      expect(redact(state, { pii: false, category: 'social' })).toEqual({ resetTokens: REDACTED, links: [{ encryptedTokens: REDACTED, dataKey: REDACTED }], tokenHash: REDACTED, note: 'write to bob@example.com' });
    });
  });

  describe('When a name is not a person\'s', () => {
    it('should leave a series name as it is, but mask an email anywhere', () => {
      expect(redact({ name: 'Owl facts', owner: 'ada@example.com' }, { pii: false, category: 'series' })).toEqual({ name: 'Owl facts', owner: 'a***@example.com' });
    });
  });

  it('should name the category of a stream and mask odd emails safely', () => {
    expect(categoryOf('video-1f2e-33')).toBe('video');
    expect(categoryOf('nodash')).toBe('nodash');
    expect(maskEmail('@x')).toBe('***');
  });
});

describe('Time travel through a stream', () => {
  describe('When a video stream is folded up to a point', () => {
    it('should give the state its decider would have seen there', () => {
      const requested = { type: 'VideoRequested', data: { videoId: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'x', style: 'comic', aspectRatio: '9:16', duration: 30, requestedAt: NOW } };
      const rendered = { type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media: { videoKey: 'k' } } };
      expect(foldStream('video', [requested])).toMatchObject({ status: 'requested', videoId: 'v1' });
      expect(foldStream('video', [requested, rendered])).toMatchObject({ status: 'done' });
      expect(foldStream('unknown', [requested])).toBeNull();
    });
  });
});

describe('The analyst API\'s queries', () => {
  it('should default and convert good input', () => {
    expect(eventsQuery.parse({})).toEqual({ after: 0, limit: 100 });
    expect(eventsQuery.parse({ after: '7', limit: '1000', from: '2026-11-24', type: 'VideoRendered' })).toMatchObject({ after: 7, limit: 1000, from: '2026-11-24T00:00:00.000Z' });
    expect(streamQuery.parse({ asOf: '12' })).toEqual({ asOf: { position: 12 } });
    expect(streamQuery.parse({ asOf: '2026-11-24T10:00:00Z' })).toEqual({ asOf: { time: '2026-11-24T10:00:00.000Z' } });
    expect(statsQuery.parse({})).toEqual({ bucket: 'day' });
  });

  it('should refuse bad input with its message', () => {
    const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;
    expect(message(eventsQuery.safeParse({ limit: '0' }))).toBe('limit must be a whole number from 1 to 1000');
    expect(message(eventsQuery.safeParse({ after: '1.5' }))).toBe('after must be a whole number of 0 or more');
    expect(message(eventsQuery.safeParse({ to: '2026-13-45' }))).toBe('to must be an ISO-8601 date such as 2026-11-24 or 2026-11-24T10:00:00Z');
    expect(message(eventsQuery.safeParse({ category: 'Video' }))).toBe('category must be a stream category such as video');
    expect(message(statsQuery.safeParse({ bucket: 'year' }))).toBe('bucket must be hour, day or week');
  });
});

describe('Projection rebuilds', () => {
  const spec = deciderSpec(projectionDecider);
  const requested = { type: 'ProjectionRebuildRequested' as const, data: { name: 'video-list', requestedBy: 'a1', at: NOW } };

  describe('When an analyst asks for a rebuild of a read model', () => {
    it('should record the request', () => {
      spec.given([]).when({ type: 'RequestRebuild', data: { name: 'video-list', requestedBy: 'a1' }, metadata: meta() }).then([requested]);
    });
    it('should refuse a read model that does not exist', () => {
      spec.given([]).when({ type: 'RequestRebuild', data: { name: 'nope', requestedBy: 'a1' }, metadata: meta() }).thenThrows(NotFoundError, 'No projection has this name');
    });
  });

  describe('When a rebuild of it is running', () => {
    it('should refuse a second one', () => {
      spec.given([requested]).when({ type: 'RequestRebuild', data: { name: 'video-list', requestedBy: 'a2' }, metadata: meta() }).thenThrows(ConflictError, 'A rebuild of this projection is already running');
    });
    it('should record how it ended, once', () => {
      spec.given([requested]).when({ type: 'CompleteRebuild', data: { name: 'video-list', position: 9, events: 4, durationMs: 12 }, metadata: meta() })
        .then([{ type: 'ProjectionRebuilt', data: { name: 'video-list', position: 9, events: 4, durationMs: 12, at: NOW } }]);
      spec.given([requested, { type: 'ProjectionRebuildFailed', data: { name: 'video-list', reason: 'disk full', at: NOW } }])
        .when({ type: 'FailRebuild', data: { name: 'video-list', reason: 'again' }, metadata: meta() }).then([]);
    });
  });

  describe('When the last rebuild ended', () => {
    it('should accept a new one', () => {
      spec.given([requested, { type: 'ProjectionRebuilt', data: { name: 'video-list', position: 9, events: 4, durationMs: 12, at: NOW } }])
        .when({ type: 'RequestRebuild', data: { name: 'video-list', requestedBy: 'a1' }, metadata: meta() }).then([requested]);
    });
  });
});
