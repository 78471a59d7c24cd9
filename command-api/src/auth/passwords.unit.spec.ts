import { hash as hashBcrypt } from '@node-rs/bcrypt';
import { getPriority } from 'node:os';
import { PASSWORD_NICENESS, PasswordThreads } from './password-threads';
import { DUMMY_HASH, Passwords } from './passwords';

/**
 * How many times a 10 ms timer fired while `work` ran: a loop kept busy by the work (a hash in
 * JavaScript) fires none until it ends, a free one fires on, however loaded the machine.
 */
async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

describe('When a password is checked', () => {
  const passwords = new Passwords();

  it('should verify an argon2id hash and flag none for re-hashing', async () => {
    const stored = await passwords.hash('Secret123!');
    expect(await passwords.check('Secret123!', stored)).toEqual({ matches: true, outdated: false });
    expect(await passwords.check('Secret124!', stored)).toEqual({ matches: false, outdated: false });
  });

  it('should verify a bcrypt-era hash ($2a$ and $2b$) and flag it for re-hashing', async () => {
    for (const stored of [await hashBcrypt('Secret123!', { cost: 4, version: '2a' }), await hashBcrypt('Secret123!', { cost: 4, version: '2b' })]) {
      expect(await passwords.check('Secret123!', stored)).toEqual({ matches: true, outdated: true });
      expect(await passwords.check('Secret124!', stored)).toEqual({ matches: false, outdated: true });
    }
  });

  it('should treat a malformed stored hash as a wrong password, not an error', async () => {
    expect(await passwords.check('Secret123!', '$2a$10$not-a-hash')).toEqual({ matches: false, outdated: true });
    expect(await passwords.check('Secret123!', '$argon2id$garbage')).toEqual({ matches: false, outdated: true });
  });

  it('should leave the event loop free while a costly bcrypt hash verifies (native threads, not JavaScript)', async () => {
    // Given a hash at the cost bcrypt-era accounts may carry (about a quarter second of CPU),
    const stored = await hashBcrypt('Secret123!', { cost: 12 });
    // when it is verified, then this loop goes on answering its timers (bcryptjs held it the whole time).
    const ticks = await timerTicksDuring(() => passwords.check('Secret123!', stored));
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('should take an unknown account through a dummy argon2id check', async () => {
    expect(await passwords.check('Secret123!', null)).toEqual({ matches: false, outdated: false });
  });

  it('should check an unknown account against a hash made with the current settings, so it costs what a wrong password costs', async () => {
    // Given a real account's hash, made now,
    const real = await passwords.hash('Secret123!');
    // then the dummy carries the same algorithm, version, memory, passes and lanes (only salt and digest differ),
    const settings = (h: string) => h.split('$').slice(0, 4).join('$');
    expect(settings(DUMMY_HASH)).toBe(settings(real));
    // and it is a well-formed hash that verifies nothing a user would type.
    expect(await passwords.check('no account has this password!1', DUMMY_HASH)).toEqual({ matches: false, outdated: false });
  });
});

describe('When passwords are checked in a burst', () => {
  const threads = new PasswordThreads(2);
  const passwords = new Passwords(threads);
  afterAll(() => threads.close());

  it('should check them on threads that yield the CPU to the event loop', async () => {
    // Given the password threads of a web process, then the operating system runs them below the loop's priority,
    expect(await threads.threadNiceness()).toBe(PASSWORD_NICENESS);
    expect(getPriority(0)).toBe(0);
    // and a burst of checks (more than there are threads) all come back right, in any order.
    const stored = await passwords.hash('Secret123!');
    const checks = await Promise.all(Array.from({ length: 6 }, (_, i) => passwords.check(i % 2 ? 'Secret123!' : 'wrong', stored)));
    expect(checks.map((c) => c.matches)).toEqual([false, true, false, true, false, true]);
  });

  it('should fail the checks of a thread that died, and start another for the next', async () => {
    const stored = await passwords.hash('Secret123!');
    const inFlight = passwords.hash('another');
    await threads.close();
    await expect(inFlight).rejects.toThrow();
    expect(await passwords.check('Secret123!', stored)).toEqual({ matches: true, outdated: false });
  });
});
