// Settings the `web` jest project needs for msw 2 (msw/node has no browser build; its dependency `rettime`
// ships ESM only, as .mjs). The root jest.config.js spreads this into the web project:
//   { ...common, ...require('./web/test/jest-project.cjs'), displayName: 'web', ... }
const swc = ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];
module.exports = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@app|@ant-design/colors|msw|@mswjs|@open-draft|rettime|until-async|outvariant|strict-event-emitter|headers-polyfill|is-node-process|@bundled-es-modules|statuses|path-to-regexp|tough-cookie|cookie)/)'],
  testEnvironmentOptions: { customExportConditions: [''] },
  // The app loads some antd modules by path (a component fetched when first opened, a style hook):
  // their ES build under `antd/es/` is for the bundler; jest takes the same module from `antd/lib/`.
  // (The root config's stub for style and media files is repeated: this map replaces the root's.)
  moduleNameMapper: { '\\.(css|svg|png|mp4|webm)$': '<rootDir>/web/test/file-stub.js', '^antd/es/(.*)$': 'antd/lib/$1' },
};
