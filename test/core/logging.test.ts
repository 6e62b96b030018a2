/** MCP's log levels: RFC 5424's eight severities, least severe first (order is how they compare). */
import { LOGGING_LEVELS } from '../../src/core/logging';

test('the eight levels in order of severity', () => {
  expect(LOGGING_LEVELS).toEqual([
    'debug',
    'info',
    'notice',
    'warning',
    'error',
    'critical',
    'alert',
    'emergency',
  ]);
  expect(LOGGING_LEVELS.indexOf('warning')).toBeLessThan(LOGGING_LEVELS.indexOf('error'));
});
