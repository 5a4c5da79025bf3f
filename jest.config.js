// Two projects: browser code in jsdom, the server in node (through fastify.inject).
//
// Every wait has room for a loaded machine: a test or a hook may take 60 s (Jest's default is 5 s), and Testing
// Library's findBy/waitFor wait up to 10 s (jest.setup.ts). A test that waits for something waits for the thing
// itself, so a quiet machine never pays these limits.
const common = {
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: [
    '/node_modules/(?!(ical\\.js|nanostores|@nanostores|@module-federation|ky|cookie|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  injectGlobals: false,
};
module.exports = {
  // One worker a core (Jest's default leaves one core to itself, which on two cores is one worker for everything).
  maxWorkers: '100%',
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'browser',
      // jsdom plus Node's fetch, Request, Response, TextEncoder…, which ky needs.
      testEnvironment: '<rootDir>/shared/test/jsdom-with-fetch.js',
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      testMatch: [
        '<rootDir>/shared/**/*.test.ts?(x)',
        '<rootDir>/widgets/**/*.test.ts?(x)',
        '<rootDir>/host-shell/client/**/*.test.ts?(x)',
      ],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      setupFiles: ['<rootDir>/tests/server/worker-database.ts'],
      testMatch: ['<rootDir>/host-shell/server/**/*.test.ts', '<rootDir>/tests/server/**/*.test.ts'],
    },
  ],
};
