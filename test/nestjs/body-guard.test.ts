/**
 * Keeping a framework's body parsers off the MCP path (src/nestjs/body-guard.ts): which requests
 * are the endpoint's, and their Content-Type held and put back exactly.
 */
import type { IncomingMessage } from 'node:http';
import { HELD_TYPE, hold, PathMatcher, release } from '../../src/nestjs/body-guard';

const request = (url: string | undefined, type?: string) =>
  ({ url, headers: type === undefined ? {} : { 'content-type': type } }) as IncomingMessage;

test('the endpoint’s requests are those of its paths, whatever their query; the paths are read each time', () => {
  let paths = ['/mcp'];
  const matcher = new PathMatcher(() => paths);
  expect(matcher.matches(request('/mcp'))).toBe(true);
  expect(matcher.matches(request('/mcp?session=1&x=?'))).toBe(true);
  expect(matcher.matches(request('/mcp/'))).toBe(false);
  expect(matcher.matches(request('/other'))).toBe(false);
  expect(matcher.matches(request(undefined))).toBe(false);
  paths = ['/', '/rpc'];
  expect(matcher.matches(request(undefined))).toBe(true);
  expect(matcher.matches(request('/rpc?'))).toBe(true);
  expect(matcher.matches(request('/mcp'))).toBe(false);
});

test('hold swaps the Content-Type for one no parser takes; release puts the original back', () => {
  expect(HELD_TYPE).toBe('application/x.declarative-mcp-held');
  const req = request('/mcp', 'application/json; charset=utf-8');
  hold(req);
  expect(req.headers['content-type']).toBe(HELD_TYPE);
  // Held twice, the original is still the one kept.
  hold(req);
  release(req);
  expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
  // Released twice, nothing changes.
  req.headers['content-type'] = 'text/plain';
  release(req);
  expect(req.headers['content-type']).toBe('text/plain');
});

test('a request without a Content-Type is left as it is', () => {
  const req = request('/mcp');
  hold(req);
  expect(req.headers).toEqual({});
  release(req);
  expect(req.headers).toEqual({});
});
