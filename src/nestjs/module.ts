import 'reflect-metadata';
import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type NestModule,
  type Provider,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { ConfigurationError } from '../core';
import { McpApplication } from '../registry';
import { resolvedContainer } from './container';
import { endpointController } from './controller';
import { discoverProviders, resolveInstances } from './discover';
import { McpHttpEndpoint } from './endpoint';
import { nestHttpExceptions } from './exceptions';
import {
  DECLARATIVE_MCP_OPTIONS,
  type DeclarativeMcpModuleAsyncOptions,
  type DeclarativeMcpModuleOptions,
} from './options';
import { recordNestForm } from './standalone';

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new ConfigurationError(
      `DeclarativeMcpModule: "path" must start with "/", e.g. '/mcp'; got ${JSON.stringify(path)}.`,
    );
  }
  return path;
}

function checkOptions(options: unknown): DeclarativeMcpModuleOptions<any> {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      "DeclarativeMcpModule needs its options: forRoot({ name: 'Orders', version: '1.0.0' }).",
    );
  }
  const given = options as Record<string, unknown>;
  for (const key of ['providers', 'container'] as const) {
    if (given[key] !== undefined) {
      throw new ConfigurationError(
        `DeclarativeMcpModule: "${key}" is not an option here. The providers are the Nest application's own (every provider with @Tool, @Resource or @Prompt methods), resolved from Nest's container; declare them in a module's "providers".`,
      );
    }
  }
  return options as DeclarativeMcpModuleOptions<any>;
}

/** Builds the application from every discovered provider, once Nest has built them. */
async function createApplication(
  path: string,
  options: DeclarativeMcpModuleOptions<any>,
  discovery: DiscoveryService,
  moduleRef: ModuleRef,
): Promise<McpApplication<any>> {
  const { path: _path, http, interceptors, ...rest } = options;
  const found = discoverProviders(discovery);
  const instances = await resolveInstances(found, moduleRef);
  const app = McpApplication.create({
    ...rest,
    providers: found.classes as never[],
    container: resolvedContainer(instances),
    interceptors: [nestHttpExceptions, ...(interceptors ?? [])],
  });
  recordNestForm(app, {
    name: 'nestjs',
    module: 'DeclarativeMcpModule',
    path: http === false ? null : path,
    providers: found.classes.map((type) => ({
      provider: type.name,
      module: found.modules.get(type) ?? null,
      scope: found.wrappers.get(type)?.isTransient ? 'transient' : 'singleton',
    })),
  });
  return app;
}

function providersOf(path: string, options: Provider): Provider[] {
  return [
    options,
    {
      provide: McpApplication,
      useFactory: (
        resolved: DeclarativeMcpModuleOptions<any>,
        discovery: DiscoveryService,
        moduleRef: ModuleRef,
      ) => createApplication(path, resolved, discovery, moduleRef),
      inject: [DECLARATIVE_MCP_OPTIONS, DiscoveryService, ModuleRef],
    },
    {
      provide: McpHttpEndpoint,
      useFactory: (
        app: McpApplication<any>,
        resolved: DeclarativeMcpModuleOptions<any>,
        host: HttpAdapterHost,
      ) => new McpHttpEndpoint(app, resolved, path, host),
      inject: [McpApplication, DECLARATIVE_MCP_OPTIONS, HttpAdapterHost],
    },
  ];
}

/**
 * Serves the Nest application's providers as an MCP server: every provider whose class has
 * `@Tool`, `@Resource` or `@Prompt` methods is found through Nest's discovery and resolved from
 * Nest's container; the endpoint is a route at `path` on the application's own HTTP adapter
 * (Express or Fastify), served by `createHttpHandler` with its security defaults; and
 * `app.get(McpApplication)` gives the application (for `serveStdio` in a standalone context).
 *
 * @example
 * ＠Module({
 *   imports: [DeclarativeMcpModule.forRoot({ name: 'Orders', version: '1.0.0' })],
 *   providers: [OrderRepository, OrderService, OrdersTools],
 * })
 * export class AppModule {}
 */
@Global()
@Module({})
export class DeclarativeMcpModule implements NestModule {
  constructor(@Inject(McpHttpEndpoint) private readonly endpoint: McpHttpEndpoint) {}

  /** @internal Nest calls it while registering middleware, right after its body parsers. */
  configure(): void {
    this.endpoint.afterParsers();
  }

  /** The module with options known now. */
  static forRoot<C>(options: DeclarativeMcpModuleOptions<C>): DynamicModule {
    const checked = checkOptions(options);
    const path = checkPath(checked.path ?? '/mcp');
    const http = checked.http;
    return {
      module: DeclarativeMcpModule,
      global: true,
      imports: [DiscoveryModule],
      controllers:
        http === false ? [] : [endpointController(path, http?.resourceMetadata !== undefined)],
      providers: providersOf(path, { provide: DECLARATIVE_MCP_OPTIONS, useValue: checked }),
      exports: [McpApplication, McpHttpEndpoint, DECLARATIVE_MCP_OPTIONS],
    };
  }

  /**
   * The module with options from a factory (e.g. read from `ConfigService`). `path` (and
   * `http: false`) are given here: Nest declares routes before any factory runs. The RFC 9728
   * metadata routes are declared only by {@link forRoot} (the factory's `resourceMetadata` is
   * not known early enough): serve it with `forRoot`, or at the path yourself.
   */
  static forRootAsync<C>(options: DeclarativeMcpModuleAsyncOptions<C>): DynamicModule {
    if (typeof options?.useFactory !== 'function') {
      throw new ConfigurationError(
        'DeclarativeMcpModule.forRootAsync needs useFactory: forRootAsync({ useFactory: (config) => ({ name, version }), inject: [ConfigService] }).',
      );
    }
    const path = checkPath(options.path ?? '/mcp');
    return {
      module: DeclarativeMcpModule,
      global: true,
      imports: [DiscoveryModule, ...((options.imports ?? []) as never[])],
      controllers: options.http === false ? [] : [endpointController(path, false)],
      providers: providersOf(path, {
        provide: DECLARATIVE_MCP_OPTIONS,
        useFactory: async (...args: unknown[]) => {
          const built = checkOptions(await options.useFactory(...args));
          return options.http === false ? { ...built, http: false } : built;
        },
        inject: (options.inject ?? []) as never[],
      }),
      exports: [McpApplication, McpHttpEndpoint, DECLARATIVE_MCP_OPTIONS],
    };
  }
}
