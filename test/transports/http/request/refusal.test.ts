/**
 * Every refusal of the HTTP transport is a `Refusal` written by `refuse`: its status, a JSON-RPC
 * error without id as the body (MCP basic/transports), its code (the transport error by default),
 * and its headers.
 */
import { ErrorCode } from '../../../../src/core';
import { Refusal, refuse } from '../../../../src/transports/http/request';
import { RecordedReply } from '../recorded-reply';

test('the body is a JSON-RPC error with id null, byte for byte', () => {
  expect(new Refusal(404, 'Not Found: the MCP endpoint is /mcp').body()).toBe(
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Not Found: the MCP endpoint is /mcp"}}',
  );
  expect(ErrorCode.TRANSPORT_ERROR).toBe(-32000);
});

test('a code of its own, and a message that needs escaping', () => {
  const refusal = new Refusal(400, 'Bad "id"\n\u2028', ErrorCode.INVALID_PARAMS);
  expect(refusal.body()).toBe(
    `{"jsonrpc":"2.0","id":null,"error":{"code":${ErrorCode.INVALID_PARAMS},"message":"Bad \\"id\\"\\n\u2028"}}`,
  );
  expect(JSON.parse(refusal.body()).error).toEqual({ code: -32602, message: 'Bad "id"\n\u2028' });
});

test('refuse writes the status, the body and the headers (Retry-After, WWW-Authenticate, Allow)', () => {
  const reply = new RecordedReply();
  const headers = { 'Retry-After': '1', 'WWW-Authenticate': 'Bearer', Allow: 'GET, HEAD' };
  expect(
    refuse(reply, new Refusal(503, 'Service Unavailable', undefined, headers)),
  ).toBeUndefined();
  expect(reply.status).toBe(503);
  expect(reply.headers).toEqual(headers);
  expect(reply.parsed()).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32000, message: 'Service Unavailable' },
  });
  expect(reply.ended).toBe(true);
});

test('refuse without headers adds none', () => {
  const reply = new RecordedReply();
  refuse(reply, new Refusal(413, 'Payload Too Large'));
  expect(reply.status).toBe(413);
  expect(reply.headers).toEqual({});
});
