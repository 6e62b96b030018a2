/**
 * The library as a Nest HTTP application: the MCP endpoint is a route of the Nest application
 * itself, on Express (default) or Fastify (`--fastify`).
 *
 *   npm run build
 *   node build/examples/nest/http.js [--port N] [--fastify]   # prints: listening http://127.0.0.1:N/mcp
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

/** `--port N`, else `$PORT`, else 3000; 0 picks any free port. */
function portOf(argv: readonly string[]): number {
  const at = argv.indexOf('--port');
  const given = at === -1 ? (process.env.PORT ?? '3000') : (argv[at + 1] ?? '');
  const port = Number(given);
  if (given === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `Not a port: "${given}". Give --port N with N from 0 (any free port) to 65535.`,
    );
  }
  return port;
}

async function main(argv: readonly string[]): Promise<void> {
  const port = portOf(argv);
  // Only the platform in use is loaded.
  const adapter = argv.includes('--fastify')
    ? new (await import('@nestjs/platform-fastify')).FastifyAdapter()
    : new (await import('@nestjs/platform-express')).ExpressAdapter();
  // Nest's log lines go to stderr, as a server's diagnostics should.
  const app: INestApplication = await NestFactory.create(AppModule, adapter, {
    logger: ['error', 'warn'],
  });
  // SIGINT/SIGTERM: app.close() ends the MCP sessions and streams, then the server.
  app.enableShutdownHooks();
  await app.listen(port, '127.0.0.1');
  const { port: bound } = app.getHttpServer().address() as AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${bound}/mcp\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
