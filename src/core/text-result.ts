/**
 * A `tools/call` result of one text content, `{ content: [{ type: 'text', text }], isError }`:
 * what a tool that returns a string (or a value shown as its JSON text) answers, and a refused
 * call. The dispatcher writes its JSON text around the text ({@link TextResult.json}) instead of
 * having `JSON.stringify` walk its three objects (Node 20: ~0.3 µs of a ~3 µs in-process call).
 *
 * Built once and never changed: what changes a result (the 2026-07-28 envelope, the result limit,
 * `tasks/result`) makes a plain copy, which `JSON.stringify` writes. As data it is the plain
 * result: the same members in the same order, so every reader and every encoder sees the same.
 */
export class TextResult {
  readonly content: [{ readonly type: 'text'; readonly text: string }];
  readonly isError: boolean;

  constructor(text: string, isError: boolean) {
    this.content = [{ type: 'text', text }];
    this.isError = isError;
  }

  /** Its JSON text: byte for byte what `JSON.stringify` writes of it. */
  json(): string {
    const text = quoted(this.content[0].text);
    return this.isError
      ? `{"content":[{"type":"text","text":${text}}],"isError":true}`
      : `{"content":[{"type":"text","text":${text}}],"isError":false}`;
  }
}

/** Text up to this long is checked here for characters JSON escapes; longer goes to JSON.stringify. */
const SHORT = 64;

/**
 * `JSON.stringify(text)`: a short text with nothing to escape is quoted here, without a call of
 * `JSON.stringify` (~700 instructions of an in-process tools/call, callgrind). `"`, `\`, control
 * characters and surrogates (a lone one is escaped) leave it to `JSON.stringify`.
 */
export function quoted(text: string): string {
  if (text.length > SHORT) return JSON.stringify(text);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
      return JSON.stringify(text);
    }
  }
  return `"${text}"`;
}
