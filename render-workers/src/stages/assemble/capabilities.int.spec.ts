import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalDiskBlobStore } from '@app/platform';
import { createRenderPipeline } from '../../pipeline/render-pipeline';
import { DEFAULT_MEDIA_TOOLS } from '../../shared/exec';
import { aRenderRequest } from '../../testing/builders';
import { ensureNativeHelper, offlineProviders, quietLogger, tempDir } from '../../testing/media';

beforeAll(() => ensureNativeHelper());

/**
 * fluent-ffmpeg asks ffmpeg for its formats and encoders before its first command in a process. A
 * picture's parts start together: each part asked, two program starts more on a worker's first render.
 */
describe("When a worker's first video is encoded in parts", () => {
  it('should ask ffmpeg for its formats and its encoders once each, not once per part', async () => {
    const root = tempDir('capabilities');
    const calls = join(root, 'ffmpeg-calls.txt');
    const logged = join(root, 'ffmpeg');
    writeFileSync(logged, `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${DEFAULT_MEDIA_TOOLS.ffmpeg}' "$@"\n`);
    chmodSync(logged, 0o755);
    const providers = offlineProviders({ segments: 2, tools: { ...DEFAULT_MEDIA_TOOLS, ffmpeg: logged } });
    const pipeline = createRenderPipeline({ ...providers, blobs: new LocalDiskBlobStore(`${root}/blobs`), workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 270, height: 480 }) });

    await pipeline.run(aRenderRequest({ duration: 30 }), { onStatus: () => undefined });

    const lines = readFileSync(calls, 'utf8').split('\n');
    expect(lines.filter((line) => line.includes(' -i ')).length).toBeGreaterThan(2);
    expect({ formats: lines.filter((line) => line === '-formats').length, encoders: lines.filter((line) => line === '-encoders').length }).toEqual({ formats: 1, encoders: 1 });
  }, 120_000);
});
