import type { Algorithm } from '@node-rs/argon2';
import { PasswordThreads } from './password-threads';

/** OWASP's current minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2ID = { algorithm: 2 satisfies Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2ID.memoryCost},t=${ARGON2ID.timeCost},p=${ARGON2ID.parallelism}$`;

/**
 * What an unknown account's sign-in is checked against: an argon2id hash at the current settings of a
 * random password nobody knows (made once, offline), so it costs exactly what a real account's wrong
 * password costs, from the first attempt on.
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$8sXmh48XGfCZ8/2ooF80mQ$6YpqHfj4gUf269JVtDykQ9/tqhSnuJbPdzfeySWEEw4';

export interface PasswordCheck {
  matches: boolean;
  /** The stored hash is of an older scheme (bcrypt, weaker argon2 settings): re-hash on this sign-in. */
  outdated: boolean;
}

/** The process's password threads, started on the first check. */
let shared: PasswordThreads | null = null;

/**
 * Password hashing with argon2id on threads below the event loop's priority (`PasswordThreads`),
 * never on the loop: a burst of sign-ins does not make other requests wait. Hashes made with bcrypt
 * before still verify (natively, on the same threads: a JavaScript bcrypt would hold the loop for a
 * whole hash), and are flagged for re-hashing. A dummy hash stands in for unknown accounts, so they
 * cost the same time as a wrong password (a bcrypt-era account costs bcrypt's time until its owner's
 * next sign-in re-hashes it).
 */
export class Passwords {
  constructor(private readonly threads: PasswordThreads = (shared ??= new PasswordThreads())) {}

  hash(password: string): Promise<string> {
    return this.threads.hash(password, ARGON2ID);
  }

  async check(password: string, stored: string | null): Promise<PasswordCheck> {
    if (!stored) {
      await this.threads.verify(DUMMY_HASH, password).catch(() => false);
      return { matches: false, outdated: false };
    }
    if (stored.startsWith('$2')) return { matches: await this.threads.verifyBcrypt(password, stored).catch(() => false), outdated: true };
    return { matches: await this.threads.verify(stored, password).catch(() => false), outdated: !stored.startsWith(CURRENT_PREFIX) };
  }

  /** Whether the password matches (for checks that do not re-hash). */
  async matches(password: string, stored: string | null): Promise<boolean> {
    return (await this.check(password, stored)).matches;
  }
}
