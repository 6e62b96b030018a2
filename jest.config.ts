import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }],
    // NestJS 12 is ESM-only; jest on Node 20 cannot require() ES modules (see the script).
    '/node_modules/@nestjs/.+\\.js$': '<rootDir>/scripts/jest-esm.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/)'],
  moduleNameMapper: {
    '^declarative-mcp$': '<rootDir>/src/index.ts',
    '^declarative-mcp/decorators$': '<rootDir>/decorators/index.ts',
    '^declarative-mcp/testing$': '<rootDir>/src/testing/index.ts',
    '^declarative-mcp/nestjs$': '<rootDir>/src/nestjs/index.ts',
    '^declarative-mcp/devtools$': '<rootDir>/src/devtools/index.ts',
    '^declarative-mcp/redis$': '<rootDir>/src/redis/index.ts',
    '^declarative-mcp/fetch$': '<rootDir>/src/fetch/index.ts',
    '^declarative-mcp/adapter$': '<rootDir>/src/adapter/index.ts',
  },
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};

export default config;
