import { randomBytes } from 'node:crypto';
import type { BillingPeriod, PaidPlanId } from '@app/domain';
import type { BillingProvider, CheckoutInput, PortalInput } from './port';

export type LocalSessionKind = 'checkout' | 'portal';

export interface LocalSession {
  id: string;
  kind: LocalSessionKind;
  userId: string;
  plan: PaidPlanId | null;
  period: BillingPeriod | null;
  customerId: string;
  /** Where the browser goes after paying (checkout) or when done (portal). */
  successUrl: string;
  cancelUrl: string;
  expiresAt: number;
}

export interface LocalCheckoutOptions {
  /** How long a session link works; default 30 minutes. */
  ttlMs?: number;
  now?: () => Date;
}

/**
 * The offline default: a checkout simulator on our own origin. Sessions live server-side,
 * are bound to the user who asked for them, expire, and are spent by their first action.
 * The session id (144 random bits) is the capability the page URL carries, since a browser
 * navigation sends no bearer token. One process only: sessions are not shared between
 * processes (run Stripe in distributed mode).
 */
export class LocalCheckout implements BillingProvider {
  readonly kind = 'local' as const;
  private readonly sessions = new Map<string, LocalSession>();
  private readonly ttlMs: number;
  private readonly now: () => Date;

  constructor(options: LocalCheckoutOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60_000;
    this.now = options.now ?? (() => new Date());
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const session = this.open('checkout', input.userId, {
      plan: input.plan, period: input.period, customerId: input.customerId ?? localCustomerId(input.userId), successUrl: input.successUrl, cancelUrl: input.cancelUrl,
    });
    return { id: session.id, url: `/billing/checkout/${session.id}` };
  }

  async createPortalSession(input: PortalInput): Promise<{ url: string }> {
    const session = this.open('portal', input.userId, { plan: null, period: null, customerId: input.customerId, successUrl: input.returnUrl, cancelUrl: input.returnUrl });
    return { url: `/billing/portal/${session.id}` };
  }

  /** Nothing to tell: the simulator keeps no subscription of its own; the domain records the cancellation. */
  async cancelAtPeriodEnd(): Promise<void> {}

  /** Nothing to tell: the simulated renewal applies the plan change the domain scheduled. */
  async schedulePlanChange(): Promise<void> {}

  /** A live session of that kind, for showing its page. */
  peek(id: string, kind: LocalSessionKind): LocalSession | null {
    const session = this.sessions.get(id);
    if (!session || session.kind !== kind) return null;
    if (session.expiresAt <= this.now().getTime()) {
      this.sessions.delete(id);
      return null;
    }
    return session;
  }

  /** Spends a live session: a second action on the same link finds nothing. */
  take(id: string, kind: LocalSessionKind): LocalSession | null {
    const session = this.peek(id, kind);
    if (session) this.sessions.delete(id);
    return session;
  }

  private open(kind: LocalSessionKind, userId: string, rest: Omit<LocalSession, 'id' | 'kind' | 'userId' | 'expiresAt'>): LocalSession {
    const nowMs = this.now().getTime();
    for (const [id, s] of this.sessions) if (s.expiresAt <= nowMs) this.sessions.delete(id);
    const id = `${kind === 'checkout' ? 'cs' : 'bps'}_local_${randomBytes(18).toString('base64url')}`;
    const session: LocalSession = { id, kind, userId, expiresAt: nowMs + this.ttlMs, ...rest };
    this.sessions.set(id, session);
    return session;
  }
}

export const localCustomerId = (userId: string) => `cus_local_${userId}`;
export const localSubscriptionId = () => `sub_local_${randomBytes(12).toString('base64url')}`;
