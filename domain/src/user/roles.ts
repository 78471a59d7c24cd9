/**
 * Roles beyond a creator's own data: `analyst` reads every stream of the log (redacted), and
 * `pii` lets an analyst see emails and names unmasked.
 */
export const ROLES = ['analyst', 'pii'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * A user's roles: those granted in their stream, plus `analyst` when their email is one of the
 * operator's `ANALYST_EMAILS` (compared lower-cased). Sorted, without repeats.
 */
export function rolesOf(user: { email: string; roles: readonly Role[] }, analystEmails: readonly string[]): Role[] {
  const roles = new Set<Role>(user.roles);
  if (analystEmails.some((email) => email.trim().toLowerCase() === user.email.toLowerCase())) roles.add('analyst');
  return ROLES.filter((role) => roles.has(role));
}
