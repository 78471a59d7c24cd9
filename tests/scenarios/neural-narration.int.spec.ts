import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

/**
 * The product tells its operator which voice narrates: GET /api/service-status has a `narration`
 * entry that names the neural voices when their files verify, and espeak-ng, with the file and the
 * checksum it must have, when one does not (the render workers then narrate with espeak-ng).
 */
describe('GET /api/service-status, narration', () => {
  let server: TestServer | null = null;
  const broken = mkdtempSync(join(tmpdir(), 'tts-broken-'));
  afterEach(async () => {
    await server?.stop();
    server = null;
  });
  afterAll(() => rmSync(broken, { recursive: true, force: true }));

  it('should name the neural voices when their files verify', async () => {
    server = await startEmbeddedServer({ render: false, webDist: null, env: { VOICE_PROVIDER: 'kokoro' } });

    const res = await request(server.url).get('/api/service-status').expect(200);

    expect(res.body.services.narration).toEqual({ available: true, detail: 'neural voices (Kokoro-82M v1.0, offline)' });
  });

  it('should say espeak-ng narrates, and which file is missing, when the model directory lacks the model', async () => {
    writeFileSync(join(broken, 'README'), 'not a model directory');
    server = await startEmbeddedServer({ render: false, webDist: null, env: { VOICE_PROVIDER: 'kokoro', TTS_MODEL_DIR: broken } });

    const res = await request(server.url).get('/api/service-status').expect(200);

    expect(res.body.isReady).toBe(true);
    expect(res.body.services.narration.available).toBe(true);
    expect(res.body.services.narration.detail).toBe(
      `espeak-ng: neural voices unavailable (Neural narration file TTS_MODEL_DIR/kokoro-v1.0.int8.onnx is missing; expected sha256 6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb. Install it with infra/scripts/kokoro.sh, or fetch it by hand into TTS_MODEL_DIR (README, "Neural narration").)`,
    );
  });
});
