/** MCP log levels (RFC 5424 severities), least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** One of {@link LOGGING_LEVELS}. */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

/**
 * Whether a message at `level` goes out past `floor`: a level (that one and more severe),
 * `undefined` (all), or `false` (none).
 */
export function passes(level: LoggingLevel, floor: LoggingLevel | undefined | false): boolean {
  if (floor === false) return false;
  return floor === undefined || LOGGING_LEVELS.indexOf(level) >= LOGGING_LEVELS.indexOf(floor);
}
