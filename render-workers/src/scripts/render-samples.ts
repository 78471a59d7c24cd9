/**
 * Renders the web app's sample media with the product's own pipeline (offline providers) into
 * web/public/media/, plus manifest.json ({ file, poster, title, kind }).
 *   npx tsx render-workers/src/scripts/render-samples.ts
 * Small on purpose: 540x960 (guides 960x540) at CRF 30, 10-15 s each.
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderRequest } from '@app/domain';
import { LocalDiskBlobStore } from '@app/platform';
import { createLogger } from '@app/platform';
import { createRenderPipeline } from '../pipeline/render-pipeline';
import { REPO_ROOT } from '../shared/paths';
import { ensureNativeHelper, offlineProviders, tempDir } from '../testing/media';

interface Sample {
  file: string;
  title: string;
  kind: 'sample' | 'demo' | 'guide';
  request: Omit<RenderRequest, 'videoId' | 'userId' | 'requestedAt'>;
}

const vertical = (file: string, topic: string, style: RenderRequest['style'], voiceId: string, language: RenderRequest['language'] = 'English'): Sample => ({
  file, title: '', kind: 'sample', request: { topic, customPrompt: null, language, voiceId, style, aspectRatio: '9:16', duration: 15 },
});
const guide = (file: string, title: string, prompt: string): Sample => ({
  file, title, kind: 'guide', request: { topic: 'Custom Topic', customPrompt: prompt, language: 'English', voiceId: 'SAz9YHcvj6GT2YYXdXww', style: 'disney', aspectRatio: '16:9', duration: 15 },
});

const SAMPLES: Sample[] = [
  vertical('sample-travel.mp4', 'Travel Destinations', 'ghibli', 'XrExE9yKIg1WjnnlVkGX'),
  vertical('sample-scary.mp4', 'Scary Stories', 'scaryred', 'JBFqnCBsd6RMkjVDRZzb'),
  vertical('sample-history.mp4', 'Interesting History', 'comic', 'pqHfZKP75CvOlQylNhV4'),
  vertical('sample-fun-facts.mp4', 'Fun Facts', 'pixel', 'FGY2WhTYpPnrIDTdsKH5'),
  vertical('sample-motivation.mp4', 'Motivational', 'gtav', 'nPczCjzI2devNBz1zQrb'),
  vertical('sample-bedtime.mp4', 'Bedtime Stories', 'watercolor', 'EXAVITQu4vr4xnSDxMaL'),
  vertical('sample-what-if.mp4', 'What If?', 'neon', 'TX3LPaxmHKxFdv7VOQHJ'),
  vertical('sample-philosophy.mp4', 'Philosophy', 'sketch', 'bIHbv24MWmeRgasZH58o', 'French'),
  vertical('sample-legends.mp4', 'Urban Legends', 'lego', '9BWtsMINqrJLrRacOk9x', 'Spanish'),
  { ...vertical('demo.mp4', 'Life Pro Tips', 'anime', 'CwhRBWXzGAHq8TQ4Fs17'), kind: 'demo', title: 'Demo: a faceless short made in one click' },
  guide('guide-custom-topics.mp4', 'How to use custom topics', 'Pick Custom Topic when you create a series. Write your idea in a sentence or two, or paste a full script. Every video of the series follows your prompt.'),
  guide('guide-link-accounts.mp4', 'Linking your social accounts', 'Open Settings and choose Social Accounts. Connect YouTube, TikTok or Instagram and approve the access. Your videos can then post themselves.'),
  guide('guide-posting-schedule.mp4', 'Changing the posting schedule', 'Open your series and choose Schedule. Pick the days and the time you want to post. The next videos follow the new schedule automatically.'),
  guide('guide-what-is-it.mp4', 'What this studio does', 'This studio makes faceless short videos for you. It writes the script, records the voice, draws the scenes and adds captions and music. You just choose a topic.'),
  guide('guide-overview-create.mp4', 'Overview: creating your first series', 'Create a series in four steps. Choose a topic, a narrator voice and an art style. Then pick the format and the length, and your first video starts rendering.'),
  guide('guide-overview-dashboard.mp4', 'Overview: the dashboard', 'The dashboard lists every video with its status. Watch, download or edit a caption in one click. When a video is ready, it is posted on your schedule.'),
];

async function main(): Promise<void> {
  ensureNativeHelper();
  const logger = createLogger('render-samples', { level: 'info' });
  const outDir = join(REPO_ROOT, 'web/public/media');
  await mkdir(outDir, { recursive: true });
  const root = tempDir('samples');
  const blobs = new LocalDiskBlobStore(join(root, 'blobs'));
  const pipeline = createRenderPipeline({
    ...offlineProviders({ preset: 'medium', crf: 30, audioBitrate: '96k' }),
    blobs,
    workDir: join(root, 'work'),
    logger,
    frame: (aspectRatio) => (aspectRatio === '16:9' ? { width: 960, height: 540 } : aspectRatio === '1:1' ? { width: 720, height: 720 } : { width: 540, height: 960 }),
  });
  const manifest: Array<{ file: string; poster: string; title: string; kind: string; durationSeconds: number }> = [];
  for (const sample of SAMPLES) {
    let title = sample.title;
    const media = await pipeline.run({ ...sample.request, videoId: sample.file.replace(/\.mp4$/, ''), userId: 'samples', requestedAt: new Date().toISOString() }, {
      onStatus: (s) => {
        if (s.script && !title) title = s.script.title;
      },
    });
    const poster = sample.file.replace(/\.mp4$/, '.jpg');
    await copyFile(blobs.localPath(media.videoKey)!, join(outDir, sample.file));
    await copyFile(blobs.localPath(media.thumbnailKey!)!, join(outDir, poster));
    manifest.push({ file: sample.file, poster, title, kind: sample.kind, durationSeconds: Math.round(media.durationSeconds * 10) / 10 });
    logger.info({ file: sample.file, bytes: media.sizeBytes, seconds: media.durationSeconds }, 'sample rendered');
  }
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(root, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
