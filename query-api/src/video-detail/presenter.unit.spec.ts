import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC, ROUTES, STATUS_TABLE, type StudioState, type VideoDetailDoc } from '@app/domain';
import { verifySignedPath } from '@app/platform';
import { presentStatus, presentVideoDetail, statusEvent } from './presenter';

const KEY = 'k'.repeat(32);
const NOW = 1_800_000_000;
const aDoc = (patch: Partial<VideoDetailDoc> = {}): VideoDetailDoc => ({
  _id: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', style: 'anime', voiceid: 'voice-1',
  aspectRatio: '9:16', requestedDuration: 60, createdAt: '2026-11-01T10:00:00.000Z', status: null, statusAt: null, script: null, media: null, failureReason: null,
  ...patch,
});
const media = { videoKey: 'videos/u1/v1/video.mp4', thumbnailKey: 'videos/u1/v1/thumbnail.jpg', durationSeconds: 47.4, width: 1080, height: 1920, sizeBytes: 10 };
const script = { title: 'Ten facts about owls', description: 'Owls!', narrationScript: ['Owls.'] };

describe('The video status answer', () => {
  it("should say 'Starting to generate video ...' before any status", () => {
    expect(presentStatus(aDoc())).toEqual({ status: null, progress: 0, message: 'Starting to generate video ...' });
  });
  it.each(Object.entries(STATUS_TABLE))('should give the spec\'s percent and message at %s', (status, row) => {
    expect(presentStatus(aDoc({ status: status as VideoDetailDoc['status'] }))).toEqual({ status, progress: row.percent, message: row.message });
  });
  it('should carry the reason of a failed render', () => {
    expect(presentStatus(aDoc({ status: 'failed', failureReason: 'It broke' }))).toEqual({ status: 'failed', progress: 0, message: 'It broke', failureReason: 'It broke' });
  });
  it('should match the route\'s answer schema', () => {
    expect(ROUTES.videoStatus.answer.safeParse(presentStatus(aDoc({ status: 'audio' }))).success).toBe(true);
  });
});

describe('The live status event', () => {
  it('given a status, when it is sent, then it is the SSE status event of the status answer', () => {
    const doc = aDoc({ status: 'audio' });
    expect(statusEvent(doc).frame.toString()).toBe(`event: status\ndata: ${JSON.stringify(presentStatus(doc))}\n\n`);
  });

  it('given one document handed to every watcher of a video, when each sends it, then it is presented and encoded once', () => {
    const doc = aDoc({ status: 'images' });
    const first = statusEvent(doc);
    expect(statusEvent(doc).frame).toBe(first.frame);
    // A changed document (a new object from the next read) gets its own event.
    expect(statusEvent(aDoc({ status: 'images' })).frame).not.toBe(first.frame);
  });
});

describe('The video record', () => {
  describe('When the video is still rendering', () => {
    it('should be named after its topic, with no media links, and the requested length', () => {
      const answer = presentVideoDetail(aDoc({ status: 'images' }), { signingKey: KEY, ttlSeconds: 60 }, NOW);
      expect(answer).toMatchObject({ _id: 'v1', title: 'Fun Facts', description: '', narrationScript: [], duration: 60, status: 'images', progress: 75, streamUrl: null, downloadUrl: null, thumbnailUrl: null, isSeries: false });
      expect(ROUTES.getVideo.answer.safeParse(answer).success).toBe(true);
    });
  });

  describe('When the video is done', () => {
    it('should give short-lived signed links to the MP4, its download and its thumbnail, and the real length', () => {
      const answer = presentVideoDetail(aDoc({ status: 'done', media, script }), { signingKey: KEY, ttlSeconds: 60 }, NOW);
      expect(answer).toMatchObject({ title: 'Ten facts about owls', description: 'Owls!', duration: 47, progress: 100, message: 'Doneeee!' });
      const stream = new URL(answer.streamUrl!, 'http://x');
      expect(stream.pathname).toBe('/api/video/stream/v1');
      expect(stream.searchParams.get('exp')).toBe(String(NOW + 60));
      expect(verifySignedPath(KEY, stream.pathname, stream.searchParams.get('exp'), stream.searchParams.get('sig'), NOW)).toBe(true);
      expect(answer.downloadUrl).toBe(`${answer.streamUrl}&download=1`);
      expect(answer.thumbnailUrl).toMatch(/^\/api\/video\/thumbnail\/v1\?exp=\d+&sig=/);
      expect(ROUTES.getVideo.answer.safeParse(answer).success).toBe(true);
    });
  });

  it('should say whether the video belongs to a series', () => {
    expect(presentVideoDetail(aDoc({ seriesId: 's1' }), { signingKey: KEY, ttlSeconds: 60 }, NOW).isSeries).toBe(true);
  });
});

describe('The studio of the video record', () => {
  const spec = (version: number) => ({ version, script: { ...script, scenes: ['an owl'] }, imageSeeds: ['0'], voiceId: 'voice-1', captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC });
  const v1 = { version: 1, media, script, spec: spec(1), at: '2026-11-01T10:00:00.000Z' };
  const draft = { ...spec(1), script: { ...script, title: 'Owls, again', scenes: ['an owl'] } };
  const studio = (patch: Partial<StudioState>): StudioState => ({ version: 1, currentVersion: 1, versions: [v1], draft, renderingSpec: spec(1), lastRerenderFailure: null, ...patch });
  const present = (doc: Partial<VideoDetailDoc>) => presentVideoDetail(aDoc({ media, script, ...doc }), { signingKey: KEY, ttlSeconds: 60 }, NOW);

  describe('When a re-render failed', () => {
    it('should be done on the version on show, say which version failed and why, and number the next one after it', () => {
      const failure = { version: 2, reason: 'The render failed while mixing the audio (3 attempts): ffmpeg exited with 1', at: '2026-11-01T11:00:00.000Z' };
      const answer = present({ status: 'done', studio: studio({ version: 2, lastRerenderFailure: failure }) });
      expect(answer).toMatchObject({ status: 'done', title: 'Ten facts about owls', failureReason: null });
      expect(answer.studio).toMatchObject({ currentVersion: 1, rendering: false, renderingVersion: null, nextVersion: 3, lastRerenderFailure: failure, hasUnrenderedEdits: true });
      expect(ROUTES.getVideo.answer.safeParse(answer).success).toBe(true);
    });
  });

  describe('When a re-render runs', () => {
    it('should give the number of the version rendering, from the same count as the next one', () => {
      const answer = present({ status: 'audio', studio: studio({ version: 3 }) });
      expect(answer.studio).toMatchObject({ currentVersion: 1, rendering: true, renderingVersion: 3, nextVersion: 4, lastRerenderFailure: null });
    });
  });

  describe('When the document was projected before re-render failures were kept', () => {
    it('should say no re-render failed', () => {
      const { lastRerenderFailure: _none, ...old } = studio({});
      expect(present({ status: 'done', studio: old }).studio).toMatchObject({ lastRerenderFailure: null, nextVersion: 2 });
    });
  });
});
