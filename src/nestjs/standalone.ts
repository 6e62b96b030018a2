import { NestFactory } from '@nestjs/core';
import type { Mcp, McpApplication } from 'declarative-mcp';
import { ConfigurationError } from '../core';
// The class itself, for instanceof and Nest's lookup; the signatures name it through the package.
import { McpApplication as Application } from '../registry';

/** What the Nest module knows of an application it built, for the devtools. */
const built = new WeakMap<McpApplication<any>, Mcp.JsonObject>();

/** @internal Recorded by {@link DeclarativeMcpModule} when it builds an application. */
export function recordNestForm(app: McpApplication<any>, form: Mcp.JsonObject): void {
  built.set(app, Object.freeze(form));
}

/**
 * How a Nest application hosts `app`, when {@link DeclarativeMcpModule} built it: the
 * framework, the endpoint's path, and each provider's Nest module and scope. `undefined` for an
 * application created otherwise. The devtools' `describe_application` reports it as `framework`.
 */
export function nestForm(app: unknown): Mcp.JsonObject | undefined {
  return app instanceof Application ? built.get(app) : undefined;
}

/** Whether `value` is a class decorated with Nest's `@Module()` (it records imports or providers). */
export function isNestModule(value: unknown): value is Function {
  if (typeof value !== 'function') return false;
  const reflect = Reflect as unknown as {
    getOwnMetadataKeys?: (target: object) => unknown[];
  };
  const keys = reflect.getOwnMetadataKeys?.(value) ?? [];
  return keys.includes('imports') || keys.includes('providers');
}

/**
 * Boots a Nest module as a standalone application context (no HTTP server, Nest's logger off:
 * stdout may carry the protocol) and gives its `McpApplication`, with the Nest form as
 * `framework`. A module without {@link DeclarativeMcpModule} is a {@link ConfigurationError}.
 */
export async function nestApplication(module: Function): Promise<{
  app: McpApplication<any>;
  framework: Mcp.JsonObject | undefined;
  close(): Promise<void>;
}> {
  // abortOnError: false: a start-up error is thrown to the caller, not a silent process.exit(1).
  const context = await NestFactory.createApplicationContext(module as never, {
    logger: false,
    abortOnError: false,
  });
  let app: McpApplication<any>;
  try {
    app = context.get(Application, { strict: false });
  } catch {
    await context.close();
    throw new ConfigurationError(
      `${module.name} is a Nest module without DeclarativeMcpModule: add DeclarativeMcpModule.forRoot({ name, version }) (from declarative-mcp/nestjs) to its imports.`,
    );
  }
  return { app, framework: nestForm(app), close: () => context.close() };
}
