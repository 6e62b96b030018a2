/** Command-line helpers shared by the HTTP examples. */

/** `--port N` or `--port=N`; else 0 (any free port). */
export function portOf(argv: readonly string[]): number {
  let given = '0';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') given = argv[i + 1] ?? '';
    else if (argv[i].startsWith('--port=')) given = argv[i].slice('--port='.length);
  }
  const port = Number(given);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Not a port: ${given}. Give --port N with N from 0 (any free port) to 65535.`);
  }
  return port;
}
