/** MCP's log levels: RFC 5424's eight severities, least severe first (order is how they compare), and the floor a message passes. */
import { LOGGING_LEVELS, passes } from '../../src/core/logging';

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

describe('passes: whether a message at a level goes out past a floor', () => {
  test('no floor lets every level out; false lets none out', () => {
    for (const level of LOGGING_LEVELS) {
      expect(passes(level, undefined)).toBe(true);
      expect(passes(level, false)).toBe(false);
    }
  });

  test('a floor lets out its own level and the more severe ones only', () => {
    expect(passes('warning', 'warning')).toBe(true);
    expect(passes('error', 'warning')).toBe(true);
    expect(passes('emergency', 'warning')).toBe(true);
    expect(passes('notice', 'warning')).toBe(false);
    expect(passes('debug', 'info')).toBe(false);
    expect(passes('debug', 'debug')).toBe(true);
  });
});
