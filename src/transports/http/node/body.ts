import type { IncomingMessage } from 'node:http';
import type { BodyBudget, BodyOutcome, Deadline } from '../request';

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
  bodyDeadline?: Deadline,
  budget?: BodyBudget,
): Promise<BodyOutcome> {
  // A client that goes away mid-body makes the request emit 'error'; never let that go unhandled.
  req.on('error', noop);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  if (req.readableEnded) return Promise.resolve({ ok: false, reason: 'consumed' });
  if (deadline?.expired || bodyDeadline?.expired) {
    return Promise.resolve({ ok: false, reason: 'timeout' });
  }
  // A declared length is taken from the budget at once; a chunked body as it arrives.
  let reserved = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (budget !== undefined && reserved > 0 && !budget.take(reserved)) {
    return Promise.resolve({ ok: false, reason: 'busy' });
  }

  return new Promise<BodyOutcome>((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The listeners stay on the request (it is dropped with them): a flag ends their work, which
    // is cheaper than removing three listeners per POST.
    const finish = (outcome: BodyOutcome): void => {
      settled = true;
      deadline?.unlisten(onTimeout);
      bodyDeadline?.unlisten(onTimeout);
      budget?.give(reserved);
      reserved = 0;
      chunks = [];
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      if (settled) return; // refused or timed out: the rest is discarded
      size += chunk.length;
      if (size > limit) {
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      if (budget !== undefined && size > reserved) {
        if (!budget.take(size - reserved)) {
          finish({ ok: false, reason: 'busy' });
          return;
        }
        reserved = size;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      if (settled) return;
      // One chunk (a small body) needs no copy.
      const text =
        chunks.length === 1
          ? chunks[0]!.toString('utf8')
          : Buffer.concat(chunks, size).toString('utf8');
      finish({ ok: true, text });
    };
    // A client that goes away mid-body: the request is destroyed ('aborted', then 'error' and
    // 'close'), and it is not complete. 'close' alone tells it: one listener fewer per POST.
    const onClose = (): void => {
      if (!settled && !req.complete) finish({ ok: false, reason: 'aborted' });
    };
    const onTimeout = (): void => {
      if (!settled) finish({ ok: false, reason: 'timeout' });
    };
    deadline?.listen(onTimeout);
    bodyDeadline?.listen(onTimeout);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
  });
}
