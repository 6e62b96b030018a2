/** The Nest module's options token (src/nestjs/options.ts). */
import { DECLARATIVE_MCP_OPTIONS } from '../../src/nestjs/options';

test('the options are injected under one symbol of this module, not a shared string', () => {
  expect(typeof DECLARATIVE_MCP_OPTIONS).toBe('symbol');
  expect(DECLARATIVE_MCP_OPTIONS.description).toBe('declarative-mcp:options');
  expect(DECLARATIVE_MCP_OPTIONS).not.toBe(Symbol.for('declarative-mcp:options'));
});
