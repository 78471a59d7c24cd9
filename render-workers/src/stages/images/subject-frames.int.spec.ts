import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalDiskBlobStore } from '@app/platform';
import { languageCode, type Language, type RenderedMedia, type RenderRequest, type Script } from '@app/domain';
import { createRenderPipeline } from '../../pipeline/render-pipeline';
import { DEFAULT_MEDIA_TOOLS, run } from '../../shared/exec';
import { aRenderRequest } from '../../testing/builders';
import { ensureNativeHelper, frameRgb, meanAbsDiff, offlineProviders, quietLogger, tempDir } from '../../testing/media';
import { subjectCatalogue } from './subjects/catalogue';
import { tokenize } from './subjects/text';
import { topicSubjects } from './subjects/topics';

beforeAll(() => ensureNativeHelper());

const STYLES = ['ghibli', 'comic'] as const;
const TOPIC = 'Fun Facts';

/**
 * One short offline video per language, rendered in two art styles: each scene's picture shows
 * what its narration line names. The frame at each scene's midpoint is kept in
 * tests/artifacts/subject-frames/ (one strip per language and style) to look at.
 */
describe('When offline videos in English, Spanish and French are rendered', () => {
  const root = tempDir('subject-frames');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders({ preset: 'ultrafast' });
  const pipeline = createRenderPipeline({ ...providers, blobs, workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 360, height: 640 }) });
  const out = resolve(__dirname, '../../../../tests/artifacts/subject-frames');
  const catalogue = subjectCatalogue();

  it.each<[Language]>([['English'], ['Spanish'], ['French']])('should show in %s the subjects each line names, in both styles', async (language) => {
    mkdirSync(out, { recursive: true });
    const lang = languageCode(language);
    let script: Script | undefined;
    const first = aRenderRequest({ duration: 30, language, topic: TOPIC, style: STYLES[0] });
    const renders: RenderedMedia[] = [];
    for (const [n, style] of STYLES.entries()) {
      const request: RenderRequest = { ...first, style, ...(n > 0 ? { version: n + 1, script } : {}) };
      renders.push(await pipeline.run(request, { onStatus: (p) => void (script = p.script ?? script) }));
    }
    const lines = script!.narrationScript;
    const rows: string[] = [];
    for (const [n, media] of renders.entries()) {
      expect(media.scenes).toHaveLength(lines.length);
      const frames: string[] = [];
      for (const [i, scene] of media.scenes!.entries()) {
        // Every scene shows a subject its line names (stemmed), or else its description (English), or else one of the topic's.
        const main = scene.subjects![0];
        const names = (l: 'en' | 'es' | 'fr') => new Set(catalogue.byId.get(main.id)!.names[l].phrases.flat());
        const named = tokenize(lines[i], lang).some((t) => names(lang).has(t.stem));
        const described = tokenize(script!.scenes![i], 'en').some((t) => names('en').has(t.stem));
        expect({ line: lines[i], main: main.id, fits: named || described || topicSubjects(TOPIC).includes(main.id) }).toEqual({ line: lines[i], main: main.id, fits: true });
        if (n === 0) rows.push(`${lang} scene ${i + 1}: ${scene.subjects!.map((s) => `${s.emoji} ${s.label}`).join(', ')}  |  ${lines[i]}  |  ${script!.scenes![i]}`);
        const frame = join(out, `${lang}-${STYLES[n]}-scene-${String(i + 1).padStart(2, '0')}.jpg`);
        await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-ss', ((scene.start + scene.end) / 2).toFixed(2), '-i', blobs.localPath(media.videoKey)!, '-frames:v', '1', '-q:v', '3', frame]);
        frames.push(frame);
      }
      // One strip per language and style, the scenes side by side.
      await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', ...frames.flatMap((f) => ['-i', f]), '-filter_complex', `${frames.map((_, k) => `[${k}:v]`).join('')}hstack=inputs=${frames.length}`, join(out, `${lang}-${STYLES[n]}.jpg`)]);
    }
    console.log(`\n${rows.join('\n')}\n`);
    // The same scene, drawn in two styles, looks different; its subjects are the same.
    const [a, b] = renders;
    expect(b.scenes!.map((s) => s.subjects)).toEqual(a.scenes!.map((s) => s.subjects));
    const mid = (m: RenderedMedia) => (m.scenes![0].start + m.scenes![0].end) / 2;
    expect(meanAbsDiff(await frameRgb(blobs.localPath(a.videoKey)!, mid(a)), await frameRgb(blobs.localPath(b.videoKey)!, mid(b)))).toBeGreaterThan(8);
  }, 240_000);

  it('should draw a scene around the subject the creator picked among those it offered', async () => {
    let script: Script | undefined;
    const first = aRenderRequest({ duration: 20, language: 'English', topic: TOPIC, style: 'anime' });
    const v1 = await pipeline.run(first, { onStatus: (p) => void (script = p.script ?? script) });
    const offered = v1.scenes![0].subjectOptions!;
    expect(offered.length).toBeGreaterThan(0);
    const pick = offered[0].id;
    const imageSubjects = script!.narrationScript.map((_, i) => (i === 0 ? pick : ''));
    const v2 = await pipeline.run({ ...first, version: 2, script, imageSubjects, imageSeeds: script!.narrationScript.map((_, i) => (i === 0 ? 'picked' : String(i))) }, { onStatus: () => undefined });
    expect(v2.scenes![0].subjects![0].id).toBe(pick);
    expect(v2.scenes!.slice(1).map((s) => s.subjects)).toEqual(v1.scenes!.slice(1).map((s) => s.subjects));
    expect(v2.scenes![0].imageKey).not.toBe(v1.scenes![0].imageKey);
  }, 240_000);
});
