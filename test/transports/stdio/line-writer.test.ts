import { PassThrough, Writable } from 'node:stream';
import { LineWriter } from '../../../src/transports/stdio/line-writer';

function writer(output: Writable, write?: ConstructorParameters<typeof LineWriter>[2]) {
  const gone: Error[] = [];
  let drains = 0;
  const lines = new LineWriter(
    output,
    { gone: (error) => gone.push(error), drain: () => drains++ },
    write,
  );
  return { lines, gone, drains: () => drains };
}

describe('LineWriter', () => {
  it('idle() resolves once every line written so far is flushed', async () => {
    const flush: Array<() => void> = [];
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        flush.push(() => callback());
      },
    });
    const { lines } = writer(output);
    lines.write('a\n');
    let idle = false;
    const waiting = lines.idle().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    flush.shift()?.();
    await waiting;
    expect(idle).toBe(true);
  });

  it('reports the output gone once, for a failed write, an error event or a close', async () => {
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const { lines, gone } = writer(output);
    lines.write('a\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.gone).toBe(true);
    expect(lines.write('b\n')).toBe(false);
    expect(gone.map((error) => (error as { code?: string }).code)).toEqual(['EPIPE']);
    await lines.idle();
  });

  it('reports a write that throws, and a stream already ended, as gone', () => {
    const thrown = writer(new PassThrough(), () => {
      throw new Error('boom');
    });
    expect(thrown.lines.write('a\n')).toBe(false);
    expect(thrown.gone.map((error) => error.message)).toEqual(['boom']);

    const ended = new PassThrough();
    ended.end();
    const late = writer(ended);
    expect(late.lines.write('a\n')).toBe(false);
    expect(late.gone.map((error) => error.message)).toEqual(['The output stream is closed.']);
  });

  it('keeps an error listener after dispose() so a late error cannot crash the process', () => {
    const output = new PassThrough();
    const { lines, gone } = writer(output);
    lines.dispose();
    expect(() => output.emit('error', new Error('late'))).not.toThrow();
    expect(gone).toHaveLength(1);
  });
});
