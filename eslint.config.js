// Lint: the rules that guard the architecture and the logs, on top of tsc's strictness.
const tseslint = require('typescript-eslint');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const { readdirSync } = require('node:fs');

const workspaces = ['domain', 'platform', 'command-api', 'query-api', 'projectors', 'render-workers', 'gateway', 'web', 'tests'];
const services = ['domain', 'platform', 'command-api', 'query-api', 'projectors', 'render-workers', 'gateway'];
const webFeatures = readdirSync(`${__dirname}/web/src/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** A workspace is used through its package entry (`exports` in its package.json), never through its files. */
const packageEntriesOnly = {
  patterns: [
    { group: ['@app/*/src', '@app/*/src/**'], message: "Import the workspace's package entry (@app/<name>), not its src/: its index is its public face." },
    { regex: `^(\\.\\./)+(${workspaces.join('|')})/`, message: "Import the workspace's package entry (@app/<name>), not a path into another workspace." },
  ],
};

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-types/**', '**/dist-ssr/**', 'web/public/**', 'data/**', '.infra/**', 'tests/artifacts/**', 'coverage/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-restricted-imports': ['error', packageEntriesOnly],
      // Files that import each other in a loop cannot be understood (or initialised) one at a time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Web features do not import each other (bulletproof-react): shared code lives in components/ and lib/.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        zones: webFeatures.map((feature) => ({
          target: `./web/src/features/${feature}`,
          from: './web/src/features',
          except: [`./${feature}`],
          message: 'Features do not import each other: move what both need to web/src/components or web/src/lib.',
        })),
      }],
    },
  },
  {
    // Services log through pino (service, category, correlation ids, redaction): never console.
    files: services.map((s) => `${s}/src/**/*.ts`),
    ignores: ['**/*.spec.ts', '**/testing/**', '**/scripts/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // Every SQLite file is opened one way (WAL, no fsync on the committing thread, checkpoints off the
    // event loop): a connection opened by hand once fsynced every sign-in on the event loop.
    files: services.map((s) => `${s}/src/**/*.ts`),
    ignores: ['**/*.spec.ts', '**/testing/**', '**/scripts/**', 'platform/src/shared/sqlite-file.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'better-sqlite3', allowTypeImports: true, message: 'Open SQLite files with openSqliteFile (platform/src/shared/sqlite-file.ts).' }] }],
    },
  },
  {
    // The domain is pure: no I/O, no clock, no randomness.
    files: ['domain/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...packageEntriesOnly.patterns, { group: ['node:*', 'fs', 'path', 'crypto', '@app/platform', '@app/platform/*'], message: 'The domain is pure: no I/O, no clock, no randomness.' }] }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Time comes in through command metadata.' }, { object: 'Math', property: 'random', message: 'Randomness comes in through the command.' }],
    },
  },
);
