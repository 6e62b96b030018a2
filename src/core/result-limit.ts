import { ErrorCode } from './error-codes';
import { ConfigurationRangeError, Fault } from './errors';
import { META } from './revisions/2026-07-28/meta';
import { isObject, type JsonObject, type JsonRpcRequest } from './types';

/** Default largest answer to one request, in bytes of JSON: 16 MiB. */
export const DEFAULT_MAX_RESULT_BYTES = 16 * 1024 * 1024;

/** The methods whose result is a tool's (`CallToolResult`): past the limit, an `isError` result. */
const TOOL_RESULTS: ReadonlySet<string> = new Set(['tools/call', 'tasks/result']);

/** UTF-8 bytes of `text`, counted without encoding it. */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2; // a surrogate pair: 4 bytes for 2 code units
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * `maxResultBytes`: the bound on one request's serialised result. The result's JSON is built
 * once (by the dispatcher, as always); its length alone settles every result under a third of the
 * limit, so the common case pays one comparison, and only a result near the limit is counted.
 */
export class ResultLimit {
  private readonly sure: number;

  constructor(readonly maxBytes: number) {
    this.sure = Math.floor(maxBytes / 3);
  }

  /** The UTF-8 size of `json` when it is over the limit, else `undefined`. */
  over(json: string): number | undefined {
    if (json.length <= this.sure) return undefined;
    if (json.length > this.maxBytes) return utf8Bytes(json);
    const bytes = utf8Bytes(json);
    return bytes > this.maxBytes ? bytes : undefined;
  }

  /**
   * What the client gets instead of a result of `bytes`: a tool's `isError` result naming the
   * limit and the tool, or for any other method a -32603 naming the limit (thrown).
   */
  replacement(request: JsonRpcRequest, result: unknown, bytes: number): JsonObject {
    const params = isObject(request.params) ? request.params : {};
    const what =
      typeof params.name === 'string'
        ? `tool "${params.name}"`
        : typeof params.taskId === 'string'
          ? `task "${params.taskId}"`
          : request.method;
    const text = `The result of ${what} was ${bytes} bytes, over the server's limit of ${this.maxBytes} bytes (maxResultBytes); return less, or split it into pages or resources.`;
    if (!TOOL_RESULTS.has(request.method)) {
      throw new Fault(ErrorCode.INTERNAL_ERROR, `Internal error: ${text}`, {
        maxResultBytes: this.maxBytes,
      });
    }
    const out: JsonObject = { content: [{ type: 'text', text }], isError: true };
    if (isObject(result) && typeof result.resultType === 'string') {
      // A 2026-07-28 result keeps its envelope: complete, with the server's identity.
      out.resultType = 'complete';
      const meta = isObject(result._meta) ? result._meta[META.serverInfo] : undefined;
      if (meta !== undefined) out._meta = { [META.serverInfo]: meta };
    }
    return out;
  }

  /** The one line the reporter is told. */
  report(request: JsonRpcRequest, bytes: number): Error {
    const params = isObject(request.params) ? request.params : {};
    const name = typeof params.name === 'string' ? ` "${params.name}"` : '';
    const error = new Error(
      `${request.method}${name}: a result of ${bytes} bytes was replaced, over maxResultBytes ${this.maxBytes}`,
    );
    error.stack = `Error: ${error.message}`;
    return error;
  }
}

/** `maxResultBytes` checked once at start-up; `undefined` → the default, `0` → no limit. */
export function resultLimit(value: number | undefined): ResultLimit | undefined {
  if (value === 0) return undefined;
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new ConfigurationRangeError(
      `maxResultBytes must be a whole number of bytes, or 0 for no limit (got ${String(value)}).`,
    );
  }
  return new ResultLimit(value ?? DEFAULT_MAX_RESULT_BYTES);
}
