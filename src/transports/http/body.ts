import type { IncomingMessage } from 'node:http';
import type { Deadline } from './deadline';

/** What reading a body gave: its text, or why there is none. */
export type BodyOutcome =
  | { ok: true; text: string }
  | { ok: false; reason: 'too-large' | 'aborted' | 'timeout' | 'consumed' };

function noop(): void {}

/**
 * Reads a request body as UTF-8 text, never holding more than `limit` bytes: a declared
 * `Content-Length` over the limit is refused before reading, and a body that grows past it is
 * dropped at once (its remaining bytes are discarded by Node, not buffered). `deadline` stops the
 * read (a request timeout).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  deadline?: Deadline,
): Promise<BodyOutcome> {
  // A client that goes away mid-body makes the request emit 'error'; never let that go unhandled.
  req.on('error', noop);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  if (req.readableEnded) return Promise.resolve({ ok: false, reason: 'consumed' });
  if (deadline?.expired) return Promise.resolve({ ok: false, reason: 'timeout' });

  return new Promise<BodyOutcome>((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let stopListening: (() => void) | undefined;
    const finish = (outcome: BodyOutcome): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('close', onClose);
      stopListening?.();
      chunks = [];
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish({ ok: false, reason: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => {
      const text = Buffer.concat(chunks, size).toString('utf8');
      finish({ ok: true, text });
    };
    const onAborted = (): void => finish({ ok: false, reason: 'aborted' });
    const onClose = (): void => {
      if (!req.complete) finish({ ok: false, reason: 'aborted' });
    };
    const onTimeout = (): void => finish({ ok: false, reason: 'timeout' });
    stopListening = deadline?.listen(onTimeout);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('close', onClose);
  });
}
