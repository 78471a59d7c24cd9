// One jest run, three projects, one npm script each (house style): *.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts.
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ESM-only packages the services load (@tus/server and its srvx) are transformed like our own.
  transformIgnorePatterns: ['/node_modules/(?!(@app|@tus|srvx)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: { '\\.(css|svg|png|mp4|webm)$': '<rootDir>/web/test/file-stub.js' },
};
// Integration and browser suites get their engines from the environment or, with Docker, testcontainers.
const engines = { globalSetup: '<rootDir>/tests/support/engines.global-setup.ts', globalTeardown: '<rootDir>/tests/support/engines.global-teardown.ts' };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/{domain,platform,command-api,query-api,projectors,render-workers,gateway,tests}/**/*.unit.spec.ts'] },
    { ...common, ...require('./web/test/jest-project.cjs'), displayName: 'web', testEnvironment: 'jsdom', testMatch: ['<rootDir>/web/**/*.unit.spec.tsx', '<rootDir>/web/**/*.unit.spec.ts'], setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'] },
    { ...common, ...engines, displayName: 'int', testEnvironment: 'node', testMatch: ['<rootDir>/**/*.int.spec.ts'] },
    { ...common, ...engines, displayName: 'e2e', testEnvironment: 'node', testMatch: ['<rootDir>/tests/**/*.e2e.spec.ts'] },
  ],
};
