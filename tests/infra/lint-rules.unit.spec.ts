import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');

/** The project's own `eslint`, as `npm run lint` runs it; answers the rules each message comes from. */
function eslint(args: string[], input?: string): string[] {
  const run = spawnSync(join(root, 'node_modules/.bin/eslint'), ['--format', 'json', ...args], { cwd: root, input, encoding: 'utf8' });
  const results = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

/** Lints files written into the tree for the test (the rules look at where a file stands). */
async function lintFiles(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(root, 'tests/infra/lint-probe-'));
  try {
    const paths = Object.entries(files).map(([name, code]) => {
      const path = join(dir, name);
      writeFileSync(path, code);
      return path;
    });
    return eslint(paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lintText(filePath: string, code: string): Promise<string[]> {
  return eslint(['--stdin', '--stdin-filename', join(root, filePath)], code);
}

describe('The lint rules that keep the structure', () => {
  jest.setTimeout(60_000);

  it('should refuse an import of another workspace by its src/ path', async () => {
    expect(await lintText('gateway/src/probe.ts', "import { x } from '@app/query-api/src/series/handlers';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(await lintText('tests/probe.ts', "import { x } from '../render-workers/src/shared/exec';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(await lintText('gateway/src/probe.ts', "import { x } from '@app/query-api';\nexport const y = x;\n")).not.toContain('no-restricted-imports');
  });

  it('should refuse files that import each other in a loop', async () => {
    const rules = await lintFiles({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(rules).toContain('import-x/no-cycle');
  });

  it('should refuse a web feature importing another feature', async () => {
    expect(await lintText('web/src/features/videos/probe.ts', "import { x } from '../billing/api';\nexport const y = x;\n")).toContain('import-x/no-restricted-paths');
    expect(await lintText('web/src/features/videos/probe.ts', "import { x } from '../../lib/api';\nexport const y = x;\n")).not.toContain('import-x/no-restricted-paths');
  });

  it('should open SQLite files only through openSqliteFile, so no connection fsyncs on the event loop', async () => {
    const rule = '@typescript-eslint/no-restricted-imports';
    expect(await lintText('platform/src/http/probe.ts', "import Database from 'better-sqlite3';\nexport const db = new Database('x.db');\n")).toContain(rule);
    expect(await lintText('platform/src/http/probe.ts', "import type Database from 'better-sqlite3';\nexport type Db = Database.Database;\n")).not.toContain(rule);
    expect(await lintText('platform/src/shared/sqlite-file.ts', "import Database from 'better-sqlite3';\nexport const db = new Database('x.db');\n")).not.toContain(rule);
  });

  it('should keep clocks and randomness out of the domain', async () => {
    expect(await lintText('domain/src/probe.ts', 'export const now = () => Date.now();\n')).toContain('no-restricted-properties');
  });
});
