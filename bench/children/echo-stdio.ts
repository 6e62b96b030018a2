/**
 * The limit of a stdio server: parse each line, stringify an answer, write it — no protocol, no
 * validation (measurement 2), and the bare node child of the cold start (measurement 5).
 * Deliberately minimal: no imports but node's own.
 */
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  const text = rest + chunk;
  let start = 0;
  let newline = text.indexOf('\n', start);
  while (newline !== -1) {
    const line = text.slice(start, newline);
    if (line.length > 0) {
      const request = JSON.parse(line);
      if (request.id !== undefined) {
        const sum = (request.params?.arguments?.a ?? 0) + (request.params?.arguments?.b ?? 0);
        const answer = {
          jsonrpc: '2.0',
          id: request.id,
          result: { content: [{ type: 'text', text: String(sum) }] },
        };
        process.stdout.write(`${JSON.stringify(answer)}\n`);
      }
    }
    start = newline + 1;
    newline = text.indexOf('\n', start);
  }
  rest = text.slice(start);
});
