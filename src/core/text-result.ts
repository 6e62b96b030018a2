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
    return `{"content":[{"type":"text","text":${JSON.stringify(this.content[0].text)}}],"isError":${this.isError}}`;
  }
}
