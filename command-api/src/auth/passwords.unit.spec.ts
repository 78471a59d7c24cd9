import { performance } from 'node:perf_hooks';
import { hash as hashBcrypt } from '@node-rs/bcrypt';
import { DUMMY_HASH, Passwords } from './passwords';

/** Share of the time this event loop was busy while `work` ran. */
async function loopBusyDuring(work: () => Promise<unknown>): Promise<number> {
  const start = performance.eventLoopUtilization();
  await work();
  return performance.eventLoopUtilization(start).utilization;
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
    // when it is verified, then this loop stays mostly idle (bcryptjs kept it busy the whole time).
    const busy = await loopBusyDuring(() => passwords.check('Secret123!', stored));
    expect(busy).toBeLessThan(0.5);
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
