/**
 * Reading a POST's message (src/transports/http/pipeline/read.ts): which of its messages are
 * requests owed an answer, and whether it is an `initialize`.
 */
import fc from 'fast-check';
import { isInitialize, requestIds } from '../../../../src/transports/http/pipeline/read';

describe('requestIds', () => {
  test('the ids of the requests, in order, in a message or a batch', () => {
    expect(requestIds({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual([1]);
    expect(
      requestIds([
        { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'srv-1', result: {} },
        { jsonrpc: '2.0', id: 0, method: 'ping' },
      ]),
    ).toEqual(['a', 0]);
  });

  test('notifications, responses, null or odd ids, and what is not a message count for none', () => {
    for (const value of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: null, method: 'ping' },
      { jsonrpc: '2.0', id: true, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 7 },
      [],
      [null, 1, 'x'],
      null,
      'ping',
    ]) {
      expect(requestIds(value)).toEqual([]);
    }
  });

  test('each id is one of a request, kept in order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }),
            method: fc.option(fc.string(), { nil: undefined }),
          }),
        ),
        (messages) => {
          const expected = messages
            .filter((m) => m.method !== undefined && m.id !== undefined)
            .map((m) => m.id);
          expect(requestIds(messages)).toEqual(expected);
        },
      ),
    );
  });
});

test('isInitialize', () => {
  expect(isInitialize({ jsonrpc: '2.0', id: 1, method: 'initialize' })).toBe(true);
  expect(isInitialize({ method: 'initialized' })).toBe(false);
  expect(isInitialize([{ method: 'initialize' }])).toBe(false);
  expect(isInitialize(null)).toBe(false);
});
