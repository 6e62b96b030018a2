/**
 * The lines of seed 001's printf pipe against the notes server (`test/fixtures/stdio-notes.js`),
 * and their exact answers: shared by the stdio tests that spawn it.
 */
export const INITIALIZE =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"shell","version":"1"}}}';
export const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
export const CALL_COUNT =
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}}';
export const INITIALIZE_ANSWER =
  '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"Notes","version":"1.0.0"}}}';
export const COUNT_ANSWER =
  '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"3 notes."}],"isError":false}}';
