/** The MCP revisions this core speaks, newest first. */
export const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** One of {@link VERSIONS}. */
export type ProtocolVersion = (typeof VERSIONS)[number];

/**
 * The revision to speak for the `protocolVersion` a client asked for: the same one when this
 * core knows it, the newest otherwise (an unknown revision, none, or not a string).
 *
 * @example
 * negotiate('2025-03-26'); // '2025-03-26'
 * negotiate('2099-01-01'); // '2025-11-25'
 */
export function negotiate(requested: unknown): ProtocolVersion {
  return typeof requested === 'string' && (VERSIONS as readonly string[]).includes(requested)
    ? (requested as ProtocolVersion)
    : VERSIONS[0];
}
