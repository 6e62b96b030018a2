import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json', diagnostics: false }],
  },
  moduleNameMapper: {
    '^declarative-mcp$': '<rootDir>/src/index.ts',
    '^declarative-mcp/decorators$': '<rootDir>/decorators/index.ts',
    '^declarative-mcp/testing$': '<rootDir>/src/testing/index.ts',
  },
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.js'],
};

export default config;
