import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC } from '../catalog';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { videoDecider, VIDEO_MESSAGES } from './decide';
import type { VideoEvent, VideoRequested } from './events';
import type { StudioCommand } from './commands';
import { evolveVideo, hasUnrenderedEdits, initialVideoState, mediaOnShow, type PresentVideo } from './state';

const spec = deciderSpec(videoDecider);
const request = {
  videoId: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English' as const,
  voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16' as const, duration: 60,
};
const requested: VideoRequested = { type: 'VideoRequested', data: { ...request, requestedAt: NOW } };
const script = { title: 'Ten facts', description: 'A caption', narrationScript: ['Line one.', 'Line two.', 'Line three.'], scenes: ['a fox', 'a lake', 'a tower'] };
const media = (version = 1) => ({ videoKey: `videos/u1/v1/v${version}/video.mp4`, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 1000 });
const rendered = (version = 1): VideoEvent => ({ type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media: media(version), script, ...(version > 1 ? { version } : {}) } });
const done: VideoEvent[] = [requested, { type: 'RenderStageReached', data: { videoId: 'v1', status: 'script', at: NOW, attempt: 1, script } }, rendered()];
const studio = <T extends StudioCommand['type']>(type: T, data: object = {}, userId = 'u1') => ({ type, data: { userId, ...data }, metadata: meta() }) as Extract<StudioCommand, { type: T }>;
const state = (events: VideoEvent[]) => events.reduce(evolveVideo, initialVideoState()) as PresentVideo;
const rerender = (version: number, draft: Partial<{ voiceId: string }> = {}): VideoEvent => ({
  type: 'RerenderRequested',
  data: { ...request, ...draft, version, requestedAt: NOW, script: { ...script }, imageSeeds: ['0', '1', '2'], captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC },
});

describe('The studio', () => {
  describe('Given a finished video', () => {
    it('should hold a draft made from its first render: its script, one seed per scene, the request\'s voice, default captions and music', () => {
      const { studio: s } = state(done);
      expect(s.draft).toEqual({ script, imageSeeds: ['0', '1', '2'], voiceId: request.voiceId, captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC });
      expect(s.currentVersion).toBe(1);
      expect(hasUnrenderedEdits(s)).toBe(false);
    });

    it('should start from the captions and music the video was asked with (its series\' defaults)', () => {
      const captions = { preset: 'minimal' as const, position: 'top' as const, size: 'small' as const, highlight: '#123456' };
      const music = { mood: 'epic' as const, volume: 80, ducking: false };
      const withDefaults: VideoRequested = { type: 'VideoRequested', data: { ...requested.data, captions, music } };
      expect(state([withDefaults, ...done.slice(1)]).studio.draft).toMatchObject({ captions, music });
    });

    it('should record a new title and voice script, fitting a scene to each line', () => {
      spec.given(done).when(studio('EditScript', { title: 'New title', narrationScript: ['One.', 'Two.', 'Three.', 'Four.'] }))
        .then([{ type: 'ScriptEdited', data: { videoId: 'v1', title: 'New title', narrationScript: ['One.', 'Two.', 'Three.', 'Four.'], at: NOW } }]);
      const after = state([...done, { type: 'ScriptEdited', data: { videoId: 'v1', title: 'New title', narrationScript: ['One.', 'Two.', 'Three.', 'Four.'], at: NOW } }]);
      expect(after.studio.draft!.script.scenes).toEqual(['a fox', 'a lake', 'a tower', 'a tower']);
      expect(after.studio.draft!.imageSeeds).toEqual(['0', '1', '2', 'added-3']);
      expect(hasUnrenderedEdits(after.studio)).toBe(true);
      // The version on show keeps its script until a new one is rendered.
      expect(after.script).toEqual(script);
    });

    it('should record a scene\'s new line and prompt, and refuse a scene that does not exist', () => {
      spec.given(done).when(studio('EditScene', { index: 1, line: 'A new line.' }))
        .then([{ type: 'SceneEdited', data: { videoId: 'v1', index: 1, line: 'A new line.', at: NOW } }]);
      spec.given(done).when(studio('EditScene', { index: 3, line: 'Nowhere.' })).thenThrows(ValidationError, 'There is no scene with that number');
    });

    it('should change nothing when an edit changes nothing', () => {
      spec.given(done).when(studio('EditScene', { index: 0, line: 'Line one.' })).thenNothingHappens();
      spec.given(done).when(studio('ChangeCaptionStyle', { captions: DEFAULT_CAPTION_STYLE })).thenNothingHappens();
    });

    describe('read back from PostgreSQL (jsonb gives an object\'s keys shortest first)', () => {
      // The same caption style as a command writes it and as the event store gives it back.
      const { preset, position, size, highlight } = DEFAULT_CAPTION_STYLE;
      const jsonbOrder = { size, preset, position, highlight };
      const readBack = (version: number): VideoEvent => {
        const event = rerender(version) as Extract<VideoEvent, { type: 'RerenderRequested' }>;
        return { ...event, data: { ...event.data, captions: jsonbOrder } };
      };

      it('should show no unrendered edit once the draft is rendered', () => {
        // Given a re-render of the draft, its captions read back in jsonb's order,
        const after = state([...done, readBack(2), rendered(2)]);
        // then the version on show is the draft.
        expect(after.studio.currentVersion).toBe(2);
        expect(JSON.stringify(after.studio.draft!.captions)).not.toBe(JSON.stringify(jsonbOrder));
        expect(hasUnrenderedEdits(after.studio)).toBe(false);
      });

      it('should change nothing when the captions asked for are those of the draft', () => {
        // Given a video asked for with its series' caption style, read back in jsonb's order,
        const asked: VideoRequested = { type: 'VideoRequested', data: { ...requested.data, captions: jsonbOrder } };
        // when the same style is asked for, then nothing is recorded.
        spec.given([asked, ...done.slice(1)]).when(studio('ChangeCaptionStyle', { captions: DEFAULT_CAPTION_STYLE })).thenNothingHappens();
      });
    });

    it('should refuse a line that takes the voice script over 1600 characters', () => {
      spec.given(done).when(studio('EditScene', { index: 0, line: 'x'.repeat(1590) })).thenThrows(ValidationError, 'The voice script must be at most 1600 characters');
    });

    it('should reorder and remove scenes, each keeping its line, prompt and picture seed', () => {
      spec.given(done).when(studio('ArrangeScenes', { order: [2, 0] })).then([{ type: 'ScenesArranged', data: { videoId: 'v1', order: [2, 0], at: NOW } }]);
      const after = state([...done, { type: 'ScenesArranged', data: { videoId: 'v1', order: [2, 0], at: NOW } }]);
      expect(after.studio.draft!.script.narrationScript).toEqual(['Line three.', 'Line one.']);
      expect(after.studio.draft!.script.scenes).toEqual(['a tower', 'a fox']);
      expect(after.studio.draft!.imageSeeds).toEqual(['2', '0']);
      spec.given(done).when(studio('ArrangeScenes', { order: [0, 5] })).thenThrows(ValidationError, 'There is no scene with that number');
      spec.given(done).when(studio('ArrangeScenes', { order: [0, 0] })).thenThrows(ValidationError, 'The new order must list each remaining scene once');
    });

    it('should give a regenerated picture the seed it was handed, and its new prompt', () => {
      spec.given(done).when(studio('RegenerateSceneImage', { index: 2, seed: 'abc', prompt: 'a castle' }))
        .then([{ type: 'SceneImageRegenerated', data: { videoId: 'v1', index: 2, seed: 'abc', prompt: 'a castle', at: NOW } }]);
    });

    it('should record voice, music and caption changes', () => {
      spec.given(done).when(studio('ChangeVoice', { voiceId: 'JBFqnCBsd6RMkjVDRZzb' })).then([{ type: 'VoiceChanged', data: { videoId: 'v1', voiceId: 'JBFqnCBsd6RMkjVDRZzb', at: NOW } }]);
      const music = { mood: 'calm' as const, volume: 0, ducking: false };
      spec.given(done).when(studio('ChangeMusic', { music })).then([{ type: 'MusicChanged', data: { videoId: 'v1', music, at: NOW } }]);
      const captions = { preset: 'pop' as const, position: 'top' as const, size: 'large' as const, highlight: '#00FFAA' };
      spec.given(done).when(studio('ChangeCaptionStyle', { captions })).then([{ type: 'CaptionStyleChanged', data: { videoId: 'v1', captions, at: NOW } }]);
    });

    it('should render the draft as version 2, carrying the whole request with the edits', () => {
      const edited: VideoEvent = { type: 'VoiceChanged', data: { videoId: 'v1', voiceId: 'JBFqnCBsd6RMkjVDRZzb', at: NOW } };
      spec.given([...done, edited]).when(studio('RequestRerender')).then([rerender(2, { voiceId: 'JBFqnCBsd6RMkjVDRZzb' })]);
    });

    it('should not be found by another user, whatever they send', () => {
      spec.given(done).when(studio('EditScript', { title: 'Mine', narrationScript: ['x'] }, 'u2')).thenThrows(NotFoundError, VIDEO_MESSAGES.notFound);
      spec.given(done).when(studio('RequestRerender', {}, 'u2')).thenThrows(NotFoundError, VIDEO_MESSAGES.notFound);
    });
  });

  describe('Given a finished video whose pictures show subjects from the illustration set', () => {
    const fox = { id: 'fox', emoji: '🦊', label: 'fox' };
    const lake = { id: 'water-wave', emoji: '🌊', label: 'water wave' };
    const owl = { id: 'owl', emoji: '🦉', label: 'owl' };
    const ghost = { id: 'ghost', emoji: '👻', label: 'ghost' };
    const withSubjects = { ...media(1), scenes: [
      { start: 0, end: 2, imageKey: 'k0', subjects: [fox], subjectOptions: [owl, ghost] },
      { start: 2, end: 4, imageKey: 'k1', subjects: [lake], subjectOptions: [] },
      { start: 4, end: 6, imageKey: 'k2' },
    ] };
    const drawn: VideoEvent[] = [requested, { type: 'RenderStageReached', data: { videoId: 'v1', status: 'script', at: NOW, attempt: 1, script } }, { type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media: withSubjects, script } }];
    const picked = (subject: string | null, index = 0): VideoEvent => ({ type: 'SceneImageRegenerated', data: { videoId: 'v1', index, seed: 'abc', subject, at: NOW } });

    it('should draw a scene again with a subject it offered as the main one', () => {
      spec.given(drawn).when(studio('RegenerateSceneImage', { index: 0, seed: 'abc', subject: 'owl' })).then([picked('owl')]);
      const after = state([...drawn, picked('owl')]);
      expect(after.studio.draft!.imageSubjects).toEqual(['owl', '', '']);
      expect(after.studio.draft!.imageSeeds).toEqual(['abc', '1', '2']);
      expect(hasUnrenderedEdits(after.studio)).toBe(true);
    });

    it('should accept the subject it already shows, and null to let the narration choose again', () => {
      spec.given(drawn).when(studio('RegenerateSceneImage', { index: 0, seed: 'abc', subject: 'fox' })).then([picked('fox')]);
      spec.given([...drawn, picked('owl')]).when(studio('RegenerateSceneImage', { index: 0, seed: 'def', subject: null }))
        .then([{ type: 'SceneImageRegenerated', data: { videoId: 'v1', index: 0, seed: 'def', subject: null, at: NOW } }]);
      expect(state([...drawn, picked('owl'), picked(null)]).studio.draft!.imageSubjects).toEqual(['', '', '']);
    });

    it('should refuse a subject the scene did not offer, and any subject for a scene drawn without them', () => {
      spec.given(drawn).when(studio('RegenerateSceneImage', { index: 0, seed: 'abc', subject: 'water-wave' })).thenThrows(ValidationError, 'Please choose one of the subjects offered for this scene');
      spec.given(drawn).when(studio('RegenerateSceneImage', { index: 2, seed: 'abc', subject: 'fox' })).thenThrows(ValidationError, 'Please choose one of the subjects offered for this scene');
      spec.given(done).when(studio('RegenerateSceneImage', { index: 0, seed: 'abc', subject: 'fox' })).thenThrows(ValidationError, 'Please choose one of the subjects offered for this scene');
    });

    it('should keep a picked subject with its scene when scenes move, and render it', () => {
      const after = state([...drawn, picked('owl'), { type: 'ScenesArranged', data: { videoId: 'v1', order: [2, 0], at: NOW } }]);
      expect(after.studio.draft!.imageSubjects).toEqual(['', 'owl']);
      const rerendered = spec.given([...drawn, picked('owl')]).when(studio('RequestRerender'));
      rerendered.then([{ type: 'RerenderRequested', data: { ...request, version: 2, requestedAt: NOW, script, imageSeeds: ['abc', '1', '2'], imageSubjects: ['owl', '', ''], voiceId: request.voiceId, captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC } }]);
    });
  });

  describe('Given a video still rendering', () => {
    it('should refuse every edit and a re-render', () => {
      spec.given([requested]).when(studio('ChangeVoice', { voiceId: 'JBFqnCBsd6RMkjVDRZzb' })).thenThrows(ConflictError, 'Video is still processing');
      spec.given([...done, rerender(2)]).when(studio('EditScene', { index: 0, line: 'Too late.' })).thenThrows(ConflictError, 'Video is still processing');
      spec.given([...done, rerender(2)]).when(studio('RequestRerender')).thenThrows(ConflictError, 'Video is still processing');
    });

    it('should refuse restoring a version while a re-render runs', () => {
      spec.given([...done, rerender(2)]).when(studio('RestoreVersion', { version: 1 })).thenThrows(ConflictError, 'Video is still processing');
    });
  });

  describe('Given edits that do not fit the video', () => {
    it('should refuse a whole voice script over 1600 characters', () => {
      spec.given(done).when(studio('EditScript', { title: 'Long', narrationScript: ['x'.repeat(800), 'y'.repeat(801)] }))
        .thenThrows(ValidationError, 'The voice script must be at most 1600 characters');
    });

    it('should refuse a new picture for a scene that does not exist', () => {
      spec.given(done).when(studio('RegenerateSceneImage', { index: 3, seed: 'abc' })).thenThrows(ValidationError, 'There is no scene with that number');
    });
  });

  describe('Given a re-render in progress', () => {
    const rerendering = [...done, rerender(2)];

    it('should keep showing the last good version until the new one is done', () => {
      const s = state(rerendering);
      expect(s.status).toBe('requested');
      expect(s.media).toEqual(media(1));
      const after = state([...rerendering, rendered(2)]);
      expect(after.media).toEqual(media(2));
      expect(after.studio.currentVersion).toBe(2);
      expect(after.studio.versions.map((v) => v.version)).toEqual([1, 2]);
    });

    it('should record the new render\'s statuses and ignore a superseded render\'s late ones', () => {
      const status = (s: string, version?: number) => ({ type: 'RecordRenderStatus' as const, data: { status: s as never, at: NOW, attempt: 1, ...(version ? { version } : {}) }, metadata: meta() });
      spec.given(rerendering).when(status('start', 2)).then([{ type: 'RenderStageReached', data: { videoId: 'v1', status: 'start', at: NOW, attempt: 1, version: 2 } }]);
      spec.given(rerendering).when(status('start')).thenNothingHappens();
      spec.given(rerendering).when(status('failed', 1)).thenNothingHappens();
    });
  });

  describe('Given two versions', () => {
    const two = [...done, rerender(2), rendered(2)];

    it('should restore the first one, and its draft with it', () => {
      spec.given(two).when(studio('RestoreVersion', { version: 1 }))
        .then([{ type: 'VersionRestored', data: { videoId: 'v1', version: 1, media: media(1), script, at: NOW } }]);
      const after = state([...two, { type: 'VersionRestored', data: { videoId: 'v1', version: 1, media: media(1), script, at: NOW } }]);
      expect(after.media).toEqual(media(1));
      expect(after.studio.currentVersion).toBe(1);
      expect(hasUnrenderedEdits(after.studio)).toBe(false);
    });

    it('should refuse a version that does not exist, and change nothing for the one on show', () => {
      spec.given(two).when(studio('RestoreVersion', { version: 7 })).thenThrows(NotFoundError, 'There is no version with that number');
      spec.given(two).when(studio('RestoreVersion', { version: 2 })).thenNothingHappens();
    });

    it('should list every version\'s media when the video is deleted', () => {
      spec.given(two).when({ type: 'DeleteVideo', data: { userId: 'u1' }, metadata: meta() })
        .then([{ type: 'VideoDeleted', data: { videoId: 'v1', userId: 'u1', at: NOW, mediaKeys: [media(1).videoKey, media(2).videoKey] } }]);
    });
  });

  describe('Given a re-render that failed', () => {
    const failed = (version: number, reason = 'The render failed while drawing the illustrations (3 attempts): ffmpeg exited with 1'): VideoEvent => ({ type: 'RenderFailed', data: { videoId: 'v1', at: NOW, reason, version } });
    const edited: VideoEvent = { type: 'VoiceChanged', data: { videoId: 'v1', voiceId: 'JBFqnCBsd6RMkjVDRZzb', at: NOW } };
    const failedRerender = [...done, edited, rerender(2, { voiceId: 'JBFqnCBsd6RMkjVDRZzb' }), failed(2)];

    it('should keep its last good version on show, done, with the failure as the re-render\'s outcome', () => {
      const s = state(failedRerender);
      expect(s.status).toBe('done');
      expect(s.media).toEqual(media(1));
      expect(s.script).toEqual(script);
      expect(s.studio.currentVersion).toBe(1);
      expect(s.studio.lastRerenderFailure).toEqual({ version: 2, reason: 'The render failed while drawing the illustrations (3 attempts): ffmpeg exited with 1', at: NOW });
      // The edits that did not make it are still the draft, to change and render again.
      expect(hasUnrenderedEdits(s.studio)).toBe(true);
    });

    it('should post the version on show', () => {
      expect(mediaOnShow(state(failedRerender))).toEqual(media(1));
    });

    it('should take edits again and render the draft as the next number, the failed one keeping its own', () => {
      spec.given(failedRerender).when(studio('ChangeVoice', { voiceId: request.voiceId })).then([{ type: 'VoiceChanged', data: { videoId: 'v1', voiceId: request.voiceId, at: NOW } }]);
      spec.given(failedRerender).when(studio('RequestRerender')).then([rerender(3, { voiceId: 'JBFqnCBsd6RMkjVDRZzb' })]);
    });

    it('should ignore the failed render\'s late statuses', () => {
      const status = (s: string, version?: number) => ({ type: 'RecordRenderStatus' as const, data: { status: s as never, at: NOW, attempt: 2, ...(version ? { version } : {}) }, metadata: meta() });
      spec.given(failedRerender).when(status('video', 2)).thenNothingHappens();
      spec.given(failedRerender).when(status('failed', 2)).thenNothingHappens();
    });

    it('should forget the failure once another render starts or a version is restored', () => {
      expect(state([...failedRerender, rerender(3)]).studio.lastRerenderFailure).toBeNull();
      expect(state([...failedRerender, rerender(3), rendered(3)]).studio).toMatchObject({ currentVersion: 3, lastRerenderFailure: null });
      const two = [...done, rerender(2), rendered(2), rerender(3), failed(3)];
      expect(state(two).studio.lastRerenderFailure).toMatchObject({ version: 3 });
      expect(state([...two, { type: 'VersionRestored', data: { videoId: 'v1', version: 1, media: media(1), script, at: NOW } }]).studio.lastRerenderFailure).toBeNull();
    });
  });

  describe('Given a re-render in progress, when it comes to posting', () => {
    it('should post the version on show', () => {
      expect(mediaOnShow(state([...done, rerender(2)]))).toEqual(media(1));
    });
    it('should have nothing to post before the first render is done, or once deleted', () => {
      expect(mediaOnShow(state([requested]))).toBeNull();
      expect(mediaOnShow(state([...done, { type: 'VideoDeleted', data: { videoId: 'v1', userId: 'u1', at: NOW, mediaKeys: [] } }]))).toBeNull();
    });
  });

  describe('Given a first render that failed after its script', () => {
    it('should be failed, with no version to show and no re-render failure', () => {
      const s = state([requested, { type: 'RenderStageReached', data: { videoId: 'v1', status: 'script', at: NOW, attempt: 1, script } }, { type: 'RenderFailed', data: { videoId: 'v1', at: NOW, reason: 'No' } }]);
      expect(s.status).toBe('failed');
      expect(s.studio).toMatchObject({ currentVersion: null, lastRerenderFailure: null });
      expect(mediaOnShow(s)).toBeNull();
    });
  });

  describe('Given a video whose render failed before its script', () => {
    it('should have nothing to edit', () => {
      const failed: VideoEvent[] = [requested, { type: 'RenderFailed', data: { videoId: 'v1', at: NOW, reason: 'No' } }];
      spec.given(failed).when(studio('ChangeVoice', { voiceId: 'JBFqnCBsd6RMkjVDRZzb' })).thenThrows(ConflictError, VIDEO_MESSAGES.noScript);
    });
  });
});
