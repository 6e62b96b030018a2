/**
 * `declarative-mcp/devtools`: its runtime exports, exactly (the types beside them are checked
 * by the API report).
 */
import * as devtools from '../../src/devtools';

test('the entry exports createDevtools, devtoolsGuide and devtoolsProviders, and nothing else', () => {
  expect(Object.keys(devtools).sort()).toEqual([
    'createDevtools',
    'devtoolsGuide',
    'devtoolsProviders',
  ]);
  for (const value of Object.values(devtools)) expect(typeof value).toBe('function');
});
