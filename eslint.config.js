// Lint: the rules that guard the architecture and the logs, on top of tsc's strictness.
const tseslint = require('typescript-eslint');

const services = ['domain', 'platform', 'command-api', 'query-api', 'projectors', 'render-workers', 'gateway'];

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-types/**', 'web/public/**', 'data/**', '.infra/**', 'tests/artifacts/**', 'coverage/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Services log through pino (service, category, correlation ids, redaction): never console.
    files: services.map((s) => `${s}/src/**/*.ts`),
    ignores: ['**/*.spec.ts', '**/testing/**', '**/scripts/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // The domain is pure: no I/O, no clock, no randomness.
    files: ['domain/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', '@app/platform', '@app/platform/*'] }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Time comes in through command metadata.' }, { object: 'Math', property: 'random', message: 'Randomness comes in through the command.' }],
    },
  },
);
