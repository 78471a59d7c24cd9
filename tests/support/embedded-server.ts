import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmbedded, type EmbeddedProduct } from '@app/gateway';

export interface TestServer extends EmbeddedProduct {
  dataDir: string;
  /** Stops the product and keeps its data directory (to open it again: a restart). */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Run the real render workers (offline providers), in their own process as `npm start` does. Default true. */
  render?: boolean;
  env?: Record<string, string>;
  webDist?: string | null;
  /** An existing data directory (a restart of a product closed with `close()`); default a fresh one. */
  dataDir?: string;
}

/**
 * The real product on embedded defaults in a fresh data directory on a free port, as the
 * README's first command runs it. The web app must be built (`npm run build -w web`).
 */
export async function startEmbeddedServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-test-'));
  const inherited: Record<string, string | undefined> = { ...process.env };
  // The engines are the embedded ones unless the test names others.
  for (const name of ['EVENT_STORE_URL', 'READ_STORE_URL', 'BUS_URL', 'MEDIA_DIR', 'WORK_DIR', 'PORT']) delete inherited[name];
  const env: Record<string, string | undefined> = {
    ...inherited,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '1000',
    // This product shares its event loop with the test runner (its transforms, its GC, the other
    // servers of the suite), so the loop watch would measure jest: a single late probe past the
    // product's 200 ms turned sign-ups into 503s on a loaded CI machine. The shedding has its own
    // test (platform/src/http/load-shedding.int.spec.ts); the bench runs the product as its own process.
    SHED_LOOP_DELAY_MS: '5000',
    RENDER_PRESET: process.env.RENDER_PRESET ?? 'ultrafast',
    // The voice does not matter to these tests and espeak-ng is fast; the neural voice has its own tests.
    VOICE_PROVIDER: process.env.TEST_VOICE_PROVIDER ?? 'espeak',
    ...options.env,
  };
  const product = await startEmbedded({
    env,
    port: 0,
    host: '127.0.0.1',
    webDist: options.webDist === undefined ? resolve(__dirname, '../../web/dist') : options.webDist,
    render: options.render === false ? 'none' : 'child',
  });
  return {
    ...product,
    dataDir,
    close: () => product.stop(),
    async stop() {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
