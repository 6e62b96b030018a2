/**
 * The same library, standalone over stdio: a Nest application context (no HTTP server), its
 * McpApplication served on stdin/stdout. Nest's logger is off: stdout carries the protocol.
 *
 *   npm run build
 *   node build/examples/nest/stdio.js
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { McpApplication, serveStdio } from 'declarative-mcp';
import { AppModule } from './app.module';

async function main(): Promise<void> {
  const context = await NestFactory.createApplicationContext(AppModule, { logger: false });
  try {
    process.exitCode = await serveStdio(context.get(McpApplication));
  } finally {
    await context.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
