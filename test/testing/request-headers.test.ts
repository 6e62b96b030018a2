/**
 * The 2026-07-28 request headers the HTTP client sends: the spec's encoding examples, the
 * `x-mcp-header` properties it mirrors, the annotations that make a tool unusable, and what
 * the client learns from `tools/list`.
 */
import {
  encodeHeaderValue,
  type HeaderParam,
  headerParams,
  learnToolHeaders,
  requestHeaders,
} from '../../src/testing/request-headers';

test.each([
  ['us-west1', 'us-west1'],
  ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
  [' padded ', '=?base64?IHBhZGRlZCA=?='],
  ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
  ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ['', ''],
])('encodeHeaderValue(%j) is %j (MCP 2026-07-28 "Value Encoding")', (value, encoded) => {
  expect(encodeHeaderValue(value)).toBe(encoded);
});

test('headerParams: properties reached through properties alone, nested too', () => {
  expect(
    headerParams({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        page: {
          type: 'object',
          properties: { size: { type: ['integer', 'null'], 'x-mcp-header': 'Size' } },
        },
        // Data, not schemas: no annotation.
        mode: { type: 'string', default: { 'x-mcp-header': 'Nope' } },
      },
    }),
  ).toEqual([
    { path: ['region'], header: 'mcp-param-region' },
    { path: ['page', 'size'], header: 'mcp-param-size' },
  ]);
});

test.each([
  [{ 'x-mcp-header': 'Root', type: 'object' }, /not reached through properties alone/],
  [{ properties: { a: { type: 'string', 'x-mcp-header': '' } } }, /not an HTTP token/],
  [{ properties: { a: { type: 'string', 'x-mcp-header': 'A B' } } }, /not an HTTP token/],
  [
    {
      properties: {
        a: { type: 'string', 'x-mcp-header': 'Tenant' },
        b: { type: 'string', 'x-mcp-header': 'tenant' },
      },
    },
    /used twice/,
  ],
  [
    { properties: { a: { type: 'number', 'x-mcp-header': 'A' } } },
    /only string, integer and boolean/,
  ],
  [
    { properties: { a: { type: 'object', 'x-mcp-header': 'A' } } },
    /only string, integer and boolean/,
  ],
  [
    { properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } } },
    /not reached/,
  ],
  [{ properties: { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } } }, /not reached/],
  [{ $defs: { a: { type: 'string', 'x-mcp-header': 'A' } } }, /not reached/],
])('headerParams refuses %j', (schema, problem) => {
  const found = headerParams(schema);
  expect(found).toEqual({ problem: expect.stringMatching(problem) });
});

test('requestHeaders: a 2026 tools/call mirrors method, name and the values present; a 2025 message has none', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
  const params = new Map([
    [
      'run',
      [
        { path: ['region'], header: 'mcp-param-region' },
        { path: ['limits', 'rows'], header: 'mcp-param-rows' },
        { path: ['dry'], header: 'mcp-param-dry' },
        { path: ['absent'], header: 'mcp-param-absent' },
      ],
    ],
  ]);
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'run',
      arguments: { region: 'Zürich', limits: { rows: 42 }, dry: false, absent: null },
      _meta: meta,
    },
  };
  expect(requestHeaders(message, params)).toEqual({
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'run',
    'mcp-param-region': '=?base64?WsO8cmljaA==?=',
    'mcp-param-rows': '42',
    'mcp-param-dry': 'false',
  });
  expect(
    requestHeaders(
      { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 't 1 ', _meta: meta } },
      params,
    ),
  ).toEqual({
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tasks/get',
    'mcp-name': '=?base64?dCAxIA==?=',
  });
  expect(requestHeaders({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, params)).toBeUndefined();
});

test('learnToolHeaders: records the params of listed tools, leaves out invalid ones and warns of them (of the called tool alone when given)', () => {
  const valid = {
    name: 'route',
    inputSchema: {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
    },
  };
  const invalid = {
    name: 'broken',
    inputSchema: {
      type: 'object',
      properties: { data: { type: 'object', 'x-mcp-header': 'Data' } },
    },
  };
  const other = { ...invalid, name: 'other' };
  const params = new Map<string, readonly HeaderParam[]>([['broken', []]]);
  const warnings: string[] = [];
  const listed = learnToolHeaders(
    { jsonrpc: '2.0', id: 1, result: { tools: [valid, invalid, other], nextCursor: 'n' } },
    params,
    (message) => warnings.push(message),
  );
  expect(listed).toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [valid], nextCursor: 'n' } });
  expect([...params.keys()]).toEqual(['route']);
  expect(params.get('route')).toEqual([{ path: ['region'], header: 'mcp-param-region' }]);
  expect(warnings).toHaveLength(2);
  expect(warnings[0]).toMatch(/^Tool "broken" is left out of tools\/list: /);

  warnings.length = 0;
  learnToolHeaders(
    { result: { tools: [invalid, other] } },
    params,
    (m) => warnings.push(m),
    'other',
  );
  expect(warnings).toEqual([expect.stringMatching(/^Tool "other" is left out/)]);
  // An answer that is no tool list is returned as it is.
  const error = { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'no' } };
  expect(learnToolHeaders(error, params, () => undefined)).toBe(error);
});
