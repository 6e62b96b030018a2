/**
 * What every client wire shares: telling a response from a request or notification, and
 * reading one JSON object from a line or an event's data.
 */
import fc from 'fast-check';
import { isResponse, parseMessage } from '../../src/testing/wire';

test('isResponse: an id without a method', () => {
  expect(isResponse({ jsonrpc: '2.0', id: 1, result: {} })).toBe(true);
  expect(isResponse({ jsonrpc: '2.0', id: 'a', error: { code: -32600, message: 'x' } })).toBe(true);
  expect(isResponse({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'x' } })).toBe(
    true,
  );
  expect(isResponse({ jsonrpc: '2.0', id: 1, method: 'roots/list' })).toBe(false);
  expect(isResponse({ jsonrpc: '2.0', method: 'notifications/progress' })).toBe(false);
});

test('parseMessage: an object, else undefined', () => {
  expect(parseMessage('{"jsonrpc":"2.0","id":1}')).toEqual({ jsonrpc: '2.0', id: 1 });
  for (const text of ['', 'not json', '[]', '[{"id":1}]', 'null', '42', '"s"', '{"a":', 'true'])
    expect(parseMessage(text)).toBeUndefined();
});

test('parseMessage never throws, and reads back any object', () => {
  fc.assert(
    fc.property(fc.string(), (text) => {
      const parsed = parseMessage(text);
      expect(parsed === undefined || (typeof parsed === 'object' && !Array.isArray(parsed))).toBe(
        true,
      );
    }),
  );
  fc.assert(
    fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
      expect(parseMessage(JSON.stringify(object))).toEqual(JSON.parse(JSON.stringify(object)));
    }),
  );
});
