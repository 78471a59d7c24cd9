/**
 * `npm run analyst -- grant <email> [--pii]` / `revoke <email> [--pii]` / `roles <email>`:
 * gives or takes back the analyst role (or `pii` with --pii) as an event in the user's stream,
 * on the engines the services use (the same environment variables).
 */
import { ROLES, emailRegistryDecider, rolesOf, userDecider, userStreamId, type Role, type UserCommand } from '@app/domain';
import { analystEnv, commandMetadata, handle, infraEnv, loadState, openEventStore, readEnv } from '@app/platform';
import { emailStream } from '../auth/accounts';

const USAGE = 'usage: npm run analyst -- grant|revoke|roles <email> [--pii]';

export async function runAnalystCli(args: readonly string[], env: Record<string, string | undefined>, out: (line: string) => void): Promise<number> {
  const [verb, email, ...flags] = args;
  if (!verb || !email || !['grant', 'revoke', 'roles'].includes(verb)) {
    out(USAGE);
    return 2;
  }
  const role: Role = flags.includes('--pii') ? 'pii' : 'analyst';
  const config = readEnv({ infra: infraEnv, analysts: analystEnv }, env);
  const eventStore = await openEventStore(config.infra.eventStoreUrl);
  try {
    const { state: registry } = await loadState(eventStore, emailStream(email), emailRegistryDecider);
    if (!registry.owner) {
      out(`No account has the email ${email}`);
      return 1;
    }
    const userId = registry.owner;
    if (verb !== 'roles') {
      const command: UserCommand = { type: verb === 'grant' ? 'GrantRole' : 'RevokeRole', data: { role }, metadata: commandMetadata({ userId: 'operator' }) };
      const result = await handle(eventStore, userStreamId(userId), userDecider, command);
      out(result.events.length > 0 ? `${verb === 'grant' ? 'Granted' : 'Revoked'} ${role} ${verb === 'grant' ? 'to' : 'from'} ${email} (position ${result.position})` : `Nothing to do: ${email} ${verb === 'grant' ? 'already has' : 'does not have'} ${role}`);
    }
    const { state } = await loadState(eventStore, userStreamId(userId), userDecider);
    const roles = state.status === 'registered' ? rolesOf(state, config.analysts.emails) : [];
    out(`${email}: ${roles.length ? roles.join(', ') : 'no roles'} (of ${ROLES.join(', ')})`);
    return 0;
  } finally {
    await eventStore.close();
  }
}
