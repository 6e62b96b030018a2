import type { ModuleRef } from '@nestjs/core';
import type { ServiceContainer } from 'declarative-mcp';

/**
 * A {@link ServiceContainer} over Nest's container: `get(Class)` is the instance Nest built,
 * from any module (`moduleRef.get(Class, { strict: false })`). For wiring an application by
 * hand once Nest has built its providers (in `onModuleInit` or later);
 * {@link DeclarativeMcpModule} does this for you.
 *
 * @example
 * McpApplication.create({ name: 'Orders', version: '1.0.0', providers: [OrdersTools], container: nestContainer(moduleRef) });
 */
export function nestContainer(moduleRef: Pick<ModuleRef, 'get'>): ServiceContainer {
  return {
    get: <T>(type: abstract new (...args: any[]) => T): T =>
      moduleRef.get(type as never, { strict: false }) as T,
  };
}

/** A container of instances already resolved (transient providers among them), by class. */
export function resolvedContainer(instances: ReadonlyMap<Function, object>): ServiceContainer {
  return {
    get: <T>(type: abstract new (...args: any[]) => T): T => {
      const instance = instances.get(type);
      if (instance === undefined) throw new Error(`${type.name} was not discovered`);
      return instance as T;
    },
  };
}
