import { readRenderWorkersConfig } from './config';

const loadRenderWorkersConfig = (env: Record<string, string>) => readRenderWorkersConfig(env).render;
import { backoffMs, failureReason } from './worker/render-worker';

describe('When the render workers read their environment', () => {
  it('should default to offline providers and fast settings with no variables', () => {
    const config = loadRenderWorkersConfig({});
    expect(config.providers.SCRIPT_PROVIDER).toBe('offline');
    expect(config.providers.VOICE_PROVIDER).toBe('espeak');
    expect(config.providers.IMAGE_PROVIDER).toBe('offline');
    expect(config.concurrency).toBe(1);
    expect(config.maxAttempts).toBe(3);
  });

  it('should list every problem at once', () => {
    expect(() => loadRenderWorkersConfig({ RENDER_CONCURRENCY: '0', RENDER_PRESET: 'turbo', RENDER_CRF: '99' })).toThrow(/RENDER_CONCURRENCY[\s\S]*RENDER_PRESET[\s\S]*RENDER_CRF/);
  });

  it('should run ffmpeg, ffprobe and the espeak-timings helper from PATH and the build by default', () => {
    const config = loadRenderWorkersConfig({});
    expect(config.tools).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    expect(config.espeakHelper).toBeUndefined();
  });

  it('should take the media programs from FFMPEG_PATH, FFPROBE_PATH and ESPEAK_TIMINGS_BIN', () => {
    const config = loadRenderWorkersConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe', ESPEAK_TIMINGS_BIN: '/opt/espeak-timings' });
    expect(config.tools).toEqual({ ffmpeg: '/opt/ffmpeg/bin/ffmpeg', ffprobe: '/opt/ffmpeg/bin/ffprobe' });
    expect(config.espeakHelper).toBe('/opt/espeak-timings');
  });

  it('should pick the cloud providers when their keys are set', () => {
    const config = loadRenderWorkersConfig({ OPENAI_API_KEY: 'sk-test', ELEVENLABS_API_KEY: 'el-test' });
    expect(config.providers.SCRIPT_PROVIDER).toBe('openai');
    expect(config.providers.VOICE_PROVIDER).toBe('elevenlabs');
  });
});

describe('When a render keeps failing', () => {
  it('should back off exponentially up to the cap', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, { initialMs: 100, maxMs: 500 }))).toEqual([100, 200, 400, 500]);
  });

  it('should explain the failure in words', () => {
    expect(failureReason('audio', 3, new Error('ffmpeg exited with 1\nmore'))).toBe('The render failed while drawing the illustrations (3 attempts): ffmpeg exited with 1');
  });
});
