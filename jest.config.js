// Two projects: browser code in jsdom, the server in node (through fastify.inject).
const common = {
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: [
    '/node_modules/(?!(nanostores|@nanostores|@module-federation|ky|cookie|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  injectGlobals: false,
};
module.exports = {
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
      testMatch: ['<rootDir>/host-shell/server/**/*.test.ts', '<rootDir>/tests/server/**/*.test.ts'],
    },
  ],
};
