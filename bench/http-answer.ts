/**
 * The HTTP/1.1 answer reader of the lean load generator (`children/loadgen.ts`): the status line,
 * the three headers it needs (`Content-Length`, `Transfer-Encoding: chunked`, `Connection: close`)
 * and the body, from the bytes received so far on one connection. Not a general client: an answer
 * with neither a length nor chunked framing (read to the close) is refused, since every server of
 * the bench frames its answers and a load generator that guessed would count wrong.
 */

/** One complete answer at the start of the bytes. */
export interface Answer {
  status: number;
  /** The body, de-chunked (a view into the bytes when it came in one piece). */
  body: Buffer;
  /** Where the answer ends in the bytes (anything after it is not part of it). */
  end: number;
  /** The server said `Connection: close`: it will not read another request on this connection. */
  close: boolean;
}

/** Bytes that cannot be the start of an HTTP/1.1 answer. */
export class MalformedAnswer extends Error {
  override name = 'MalformedAnswer';
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
/** A head or a chunk-size line longer than this is garbage, not a slow server. */
const MAX_HEAD = 16 * 1024;
const MAX_LINE = 1024;
const EMPTY = Buffer.alloc(0);

// Matched against the lower-cased head.
const STATUS_LINE = /^http\/1\.[01] (\d\d\d)(?:[ \r]|$)/;
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)[ \t]*(?:\r|$)/;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/;
const CLOSE = /\r\nconnection:[^\r]*close/;

/**
 * Reads the answer at the start of `bytes`: the answer, or `undefined` while it is incomplete.
 * Informational (1xx) answers before it are skipped. Throws {@link MalformedAnswer}.
 */
export function readAnswer(bytes: Buffer): Answer | undefined {
  let start = 0;
  for (;;) {
    const headEnd = bytes.indexOf(HEAD_END, start);
    if (headEnd < 0) {
      if (bytes.length - start > MAX_HEAD) throw new MalformedAnswer('no end of head in 16 KiB');
      return undefined;
    }
    // Header names are case-insensitive (RFC 9110 §5.1); the head is a few hundred bytes.
    const head = bytes.toString('latin1', start, headEnd).toLowerCase();
    const statusMatch = STATUS_LINE.exec(head);
    if (statusMatch === null) {
      throw new MalformedAnswer(
        `not an HTTP/1.x status line: ${JSON.stringify(head.slice(0, 40))}`,
      );
    }
    const status = Number(statusMatch[1]);
    const bodyStart = headEnd + 4;
    if (status < 200) {
      start = bodyStart;
      continue;
    }
    const close = CLOSE.test(head);
    // RFC 9112 §6.3: 204 and 304 answers have no body whatever the headers say.
    if (status === 204 || status === 304) return { status, body: EMPTY, end: bodyStart, close };
    if (CHUNKED.test(head)) {
      const chunked = dechunk(bytes, bodyStart);
      return chunked && { status, body: chunked.body, end: chunked.end, close };
    }
    const length = CONTENT_LENGTH.exec(head);
    if (length === null) {
      throw new MalformedAnswer(`answer ${status} has neither Content-Length nor chunked framing`);
    }
    const end = bodyStart + Number(length[1]);
    if (bytes.length < end) return undefined;
    return { status, body: bytes.subarray(bodyStart, end), end, close };
  }
}

/** A chunked body from `start` (RFC 9112 §7.1): its data and where it ends, or `undefined`. */
function dechunk(bytes: Buffer, start: number): { body: Buffer; end: number } | undefined {
  const pieces: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, at);
    if (lineEnd < 0) {
      if (bytes.length - at > MAX_LINE) throw new MalformedAnswer('chunk-size line too long');
      return undefined;
    }
    // The size in hex, then optional `;extensions`.
    const line = bytes.toString('latin1', at, lineEnd);
    const sizeText = line.split(';', 1)[0]!.trim();
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) {
      throw new MalformedAnswer(`bad chunk-size line: ${JSON.stringify(line.slice(0, 40))}`);
    }
    const size = Number.parseInt(sizeText, 16);
    if (size === 0) {
      // The last chunk, then trailer lines, then an empty line.
      let trailer = lineEnd + 2;
      for (;;) {
        const end = bytes.indexOf(CRLF, trailer);
        if (end < 0) return undefined;
        if (end === trailer) {
          const body = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
          return { body, end: end + 2 };
        }
        trailer = end + 2;
      }
    }
    const dataEnd = lineEnd + 2 + size;
    if (bytes.length < dataEnd + 2) return undefined;
    if (bytes[dataEnd] !== 13 || bytes[dataEnd + 1] !== 10) {
      throw new MalformedAnswer('chunk data not followed by CRLF');
    }
    pieces.push(bytes.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}
