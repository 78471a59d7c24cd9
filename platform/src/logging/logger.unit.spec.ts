import { Writable } from 'node:stream';
import { createLogger } from './logger';

/** A logger writing into an array of raw lines (the exact text a log pipeline would read). */
function capture() {
  const lines: string[] = [];
  const logger = createLogger('studio', {
    level: 'debug',
    destination: new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
  });
  return { logger, lines };
}

const count = (line: string, key: string) => line.split(`"${key}":`).length - 1;

describe('When services log', () => {
  it('should never write one key twice on a line, even when a child and a line both name it', () => {
    const { logger, lines } = capture();
    const worker = logger.child({ category: 'render-workers' }).child({ category: 'render-worker', workerId: 'w1' });
    worker.info({ category: 'pipeline', videoId: 'v1' }, 'render started');
    logger.child({ category: 'auth' }).info({ category: 'auth', userId: 'u1' }, 'Email changed');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(count(line, 'category')).toBe(1);
    expect(JSON.parse(lines[0])).toMatchObject({ workerId: 'w1', videoId: 'v1', msg: 'render started' });
  });

  it('should blank out secrets at any depth', () => {
    const { logger, lines } = capture();
    logger.info({ request: { headers: { authorization: 'Bearer abc', cookie: 'token=xyz' }, body: { user: { password: 'hunter2!', profile: { accessToken: 'ya29' } } } }, list: [{ refreshToken: 'r1' }] }, 'deep');
    logger.child({ secret: 'in-a-binding' }).info('bound');
    const text = lines.join('\n');
    for (const secret of ['Bearer abc', 'token=xyz', 'hunter2!', 'ya29', 'r1', 'in-a-binding']) expect(text).not.toContain(secret);
    expect(JSON.parse(lines[0]).request.body.user.password).toBe('[redacted]');
  });
});

describe('Given standard output as the destination', () => {
  it('should watch it for a reader that has gone with one listener, however many copies of the logger a process loads', () => {
    const before = process.stdout.listenerCount('error');
    // When three copies of the module (a test runner loads one per test file) each make a logger on standard output,
    for (let i = 0; i < 3; i++) {
      jest.isolateModules(() => {
        (require('./logger') as typeof import('./logger')).createLogger('studio', { level: 'silent' });
      });
    }
    // then standard output has at most one listener more (Node warns past ten).
    expect(process.stdout.listenerCount('error') - before).toBeLessThanOrEqual(1);
  });
});
