import { startEmbeddedServer } from '../support/embedded-server';
import { describeApi, SUITE_ENV } from './api-suite';

// The README's first command: every service in one process on the embedded defaults.
describeApi('embedded (npm start)', async () => {
  const server = await startEmbeddedServer({ webDist: null, env: { STUDIO_TEST_CLOCK: '1', ...SUITE_ENV } });
  // One process serves every part (the render child has no operations port of its own here).
  return { url: server.url, testClock: true, ops: [{ name: 'studio', url: server.url, runs: ['http', 'commands', 'projections', 'queries'] }], stop: () => server.stop() };
});
