/** `npm run analyst -- grant|revoke|roles <email> [--pii]`: an operator's command line for analyst roles. */
import { runAnalystCli } from './analytics/analyst-cli';

runAnalystCli(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
