/**
 * StdioInput on its own: the bytes it feeds the line reader, the end of input (ended, destroyed,
 * already over before start), back-pressure pause/resume, and what stop lets go of.
 */
import { PassThrough } from 'node:stream';
import { LineReader } from '../../../src/transports/stdio/line-reader';
import { StdioInput } from '../../../src/transports/stdio/stdio-input';
import { within } from '../../helpers/within';

/** An input stream, its StdioInput, and what reached the line reader and the events. */
function setup() {
  const stream = new PassThrough();
  const lines: string[] = [];
  const events: string[] = [];
  let ended: () => void = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const reader = new LineReader(16, {
    line: (text) => lines.push(text),
    overflow: (length) => lines.push(`overflow ${length}`),
  });
  const input = new StdioInput(stream, reader, {
    end: () => {
      events.push('end');
      ended();
    },
    failed: (error) => events.push(`failed ${error.message}`),
  });
  /** Resolves at the first end event, bounded. */
  const reported = (what: string) => within(end, 2000, what);
  return { stream, reader, lines, events, input, reported };
}

describe('StdioInput', () => {
  it('feeds bytes and strings to the line reader, whole lines only, and reports the end', async () => {
    const { stream, lines, events, input, reported } = setup();
    expect(input.isReading).toBe(false);
    expect(input.start()).toBe(true);
    expect(input.isReading).toBe(true);
    stream.write(Buffer.from('{"a":1}\n{"b"'));
    stream.write(':2}\r\n');
    stream.end();
    await reported('the end of input');
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    // 'end', then 'close' may report it again: the transport ignores a second end.
    expect(events[0]).toBe('end');
    expect(events.every((e) => e === 'end')).toBe(true);
  });

  it('a stream destroyed without an end is an end of input', async () => {
    const { stream, events, input, reported } = setup();
    input.start();
    stream.destroy();
    await reported('the close of a destroyed input');
    expect(events[0]).toBe('end');
  });

  it('an input already ended: start returns false and listens for errors only', async () => {
    const { stream, events, input } = setup();
    stream.end();
    stream.resume();
    await within(
      new Promise((resolve) => stream.once('end', resolve)),
      2000,
      'the input to end before start',
    );
    expect(input.start()).toBe(false);
    expect(input.isReading).toBe(false);
    expect(stream.listenerCount('data')).toBe(0);
    expect(stream.listenerCount('error')).toBe(1);
    stream.emit('error', new Error('late'));
    expect(events).toEqual(['failed late']);
  });

  it('reports an error of the input, and still after stop (a late error must not crash)', () => {
    const { stream, events, input } = setup();
    input.start();
    stream.emit('error', new Error('EIO'));
    input.stop();
    stream.emit('error', new Error('later'));
    expect(events).toEqual(['failed EIO', 'failed later']);
  });

  it('pause holds the input until resume; neither does anything when not reading', () => {
    const { stream, input } = setup();
    input.pause();
    expect(stream.isPaused()).toBe(false);
    input.start();
    expect(stream.isPaused()).toBe(false);
    input.pause();
    expect(stream.isPaused()).toBe(true);
    input.pause();
    input.resume();
    expect(stream.isPaused()).toBe(false);
    // A resume without a pause does not restart a stopped input.
    input.stop();
    expect(stream.isPaused()).toBe(true);
    input.resume();
    expect(stream.isPaused()).toBe(true);
  });

  it('resume after stop leaves the input paused', () => {
    const { stream, input } = setup();
    input.start();
    input.pause();
    input.stop();
    input.resume();
    expect(stream.isPaused()).toBe(true);
  });

  it('stop removes the data, end and close listeners, pauses the input, and is idempotent', () => {
    const { stream, lines, input } = setup();
    const before = {
      data: stream.listenerCount('data'),
      end: stream.listenerCount('end'),
      close: stream.listenerCount('close'),
    };
    input.start();
    expect(stream.listenerCount('data')).toBe(before.data + 1);
    input.stop();
    input.stop();
    expect(input.isReading).toBe(false);
    expect(stream.listenerCount('data')).toBe(before.data);
    expect(stream.listenerCount('end')).toBe(before.end);
    expect(stream.listenerCount('close')).toBe(before.close);
    expect(stream.isPaused()).toBe(true);
    stream.write('after\n');
    expect(lines).toEqual([]);
  });
});
