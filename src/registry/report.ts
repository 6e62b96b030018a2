/**
 * The reporter an application has when none is given: an unexpected error in a method is never
 * silent. The client gets `-32603 Internal error` (nothing of the error leaks to it); stderr gets
 * the error with its stack, the JSON-RPC method and the definition behind it. stderr only, so
 * over stdio the protocol on stdout is never touched.
 */
import type { JsonRpcRequest, Reporter } from '../core';

/** What one request was about: `Tool "forecast" (WeatherTools.forecast)`, or undefined. */
export type DefinitionLabel = (request: JsonRpcRequest) => string | undefined;

/** `process.stderr`, or `console.error` (each text without its last newline) without Node's globals. */
export function standardError(): { write(text: string): unknown } {
  if (typeof process !== 'undefined' && process.stderr !== undefined) return process.stderr;
  return { write: (text: string) => console.error(text.replace(/\n$/, '')) };
}

/**
 * A {@link Reporter} writing to `stream` (default `process.stderr`; `console.error` where there is
 * no `process`, as on Cloudflare Workers):
 *
 * ```text
 * declarative-mcp: tools/call of Tool "forecast" (WeatherTools.forecast) failed; the client got -32603 Internal error.
 * Error: the weather service is down
 *     at WeatherTools.forecast (…/dist/server.js:12:11)
 * ```
 */
export function stderrReporter(
  label: DefinitionLabel,
  stream: { write(text: string): unknown } = standardError(),
): Reporter {
  return (error, request) => {
    if (error instanceof Error && error.name === 'Outage') {
      // A dependency out or back (told twice per outage, not per request): news, not a bug.
      stream.write(`declarative-mcp: ${error.message}\n`);
      return;
    }
    const about = label(request);
    const detail =
      error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    stream.write(
      `declarative-mcp: ${request.method}${about ? ` of ${about}` : ''} failed; the client got -32603 Internal error.\n${detail}\n`,
    );
  };
}
