import bcrypt from 'bcryptjs';

/** bcrypt hashing with the configured cost, plus a dummy hash so unknown emails cost the same time. */
export class Passwords {
  private dummy: Promise<string> | null = null;

  constructor(private readonly cost: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  /** Compares against the stored hash, or against a dummy one when there is none. */
  async matches(password: string, hash: string | null): Promise<boolean> {
    if (hash) return bcrypt.compare(password, hash);
    this.dummy ??= bcrypt.hash('no account has this password!1', this.cost);
    await bcrypt.compare(password, await this.dummy);
    return false;
  }
}
