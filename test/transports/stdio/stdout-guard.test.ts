/**
 * guardStdout on stand-in streams (the real process.stdout is guarded in a child process, see
 * child-process.test.ts).
 */
import { PassThrough } from 'node:stream';
import { guardStdout } from '../../../src/transports/stdio';

function collect(stream: PassThrough): () => string {
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk;
  });
  return () => text;
}

describe('guardStdout', () => {
  it('moves writes to stdout onto stderr and keeps the real write for the protocol', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out = collect(stdout);
    const err = collect(stderr);
    const guard = guardStdout(stdout, stderr);
    stdout.write('stray\n');
    stdout.write(Buffer.from('bytes\n'));
    const written = new Promise((resolve) => stdout.write('with callback\n', 'utf8', resolve));
    guard.write('{"jsonrpc":"2.0"}\n');
    await written;
    await new Promise((resolve) => setImmediate(resolve));
    expect(out()).toBe('{"jsonrpc":"2.0"}\n');
    expect(err()).toBe('stray\nbytes\nwith callback\n');
    expect(guard.target).toBe(stderr);
  });

  it('guarding twice keeps the first original and moves writes to the newest stderr', async () => {
    const stdout = new PassThrough();
    const first = new PassThrough();
    const second = new PassThrough();
    const out = collect(stdout);
    const err1 = collect(first);
    const err2 = collect(second);
    const guard = guardStdout(stdout, first);
    expect(guardStdout(stdout, second)).toBe(guard);
    stdout.write('stray\n');
    guard.write('line\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out()).toBe('line\n');
    expect(err1()).toBe('');
    expect(err2()).toBe('stray\n');
  });

  it('restore() puts the original write back', async () => {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out = collect(stdout);
    const original = stdout.write;
    const guard = guardStdout(stdout, stderr);
    expect(stdout.write).not.toBe(original);
    guard.restore();
    expect(stdout.write).toBe(original);
    expect(Object.hasOwn(stdout, 'write')).toBe(false);
    stdout.write('back\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out()).toBe('back\n');
    // A new guard can be set after a restore.
    expect(guardStdout(stdout, stderr)).not.toBe(guard);
  });

  it('refuses the same stream as stdout and stderr, and non-streams', () => {
    const stream = new PassThrough();
    expect(() => guardStdout(stream, stream)).toThrow(/two different streams/);
    expect(() => guardStdout({} as PassThrough, stream)).toThrow(TypeError);
  });
});
