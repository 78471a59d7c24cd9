import { ANALYTICS_MESSAGES, ForbiddenError, rolesOf, userDecider, userStreamId, type Role } from '@app/domain';
import { loadState } from '../command-handling/handle';
import type { EventStore } from '../event-store/port';

/** Who may read the whole log, and whether they see personal data unmasked. */
export interface AnalystAccess {
  userId: string;
  pii: boolean;
}

export interface AnalystDirectory {
  /** The user's roles: granted in their stream, plus `analyst` for an email in ANALYST_EMAILS. */
  rolesOf(userId: string): Promise<Role[]>;
  /** The analyst's access; ForbiddenError `Analyst access required` for anyone else. */
  require(userId: string): Promise<AnalystAccess>;
}

/**
 * Roles read from the user's own stream on each call (through the folded-state cache, so only
 * what was appended since), so a grant or revoke holds from the next request in every process.
 */
export function analystDirectory(eventStore: EventStore, analystEmails: readonly string[]): AnalystDirectory {
  const directory: AnalystDirectory = {
    async rolesOf(userId) {
      const { state } = await loadState(eventStore, userStreamId(userId), userDecider);
      return state.status === 'registered' ? rolesOf(state, analystEmails) : [];
    },
    async require(userId) {
      const roles = await directory.rolesOf(userId);
      if (!roles.includes('analyst')) throw new ForbiddenError(ANALYTICS_MESSAGES.accessRequired);
      return { userId, pii: roles.includes('pii') };
    },
  };
  return directory;
}
