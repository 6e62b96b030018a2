import { Scope } from '@nestjs/common';
import type { DiscoveryService, ModuleRef } from '@nestjs/core';
import { STATIC_CONTEXT } from '@nestjs/core/injector/constants.js';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import { ownRecords } from '../../decorators/metadata';
import { ConfigurationError } from '../core';
import { McpApplication } from '../registry';

/** How long start-up waits for Nest to build the discovered providers. */
const SETTLE_LIMIT_MS = 30_000;

/** Whether a class (or a base class) has @Tool, @Resource or @Prompt methods. */
export function isMcpProvider(type: unknown): type is Function {
  for (
    let c: unknown = type;
    typeof c === 'function' && c !== Function.prototype;
    c = Object.getPrototypeOf(c)
  ) {
    if ((ownRecords(c as Function)?.members.length ?? 0) > 0) return true;
  }
  return false;
}

/** The provider classes of the Nest application that register tools, resources or prompts. */
export interface Discovered {
  readonly classes: Function[];
  readonly wrappers: Map<Function, InstanceWrapper>;
  /** The Nest module each class is provided by. */
  readonly modules: Map<Function, string>;
}

function classOf(wrapper: InstanceWrapper): Function | undefined {
  // A class provider (`useClass` or the class itself); a value provider's instance's class.
  if (typeof wrapper.metatype === 'function' && !wrapper.isFactory) return wrapper.metatype;
  if (wrapper.metatype === null || wrapper.metatype === undefined) {
    const value = wrapper.instance as object | null | undefined;
    if (typeof value === 'object' && value !== null) return value.constructor;
  }
  return undefined;
}

/**
 * Finds every provider whose class has decorated methods, through Nest's discovery service.
 * A request-scoped one (or one that injects a request-scoped provider) is a start-up error: an
 * MCP application resolves its providers once, and a call's request data comes as its context.
 */
export function discoverProviders(discovery: DiscoveryService): Discovered {
  const wrappers = new Map<Function, InstanceWrapper>();
  const modules = new Map<Function, string>();
  for (const wrapper of discovery.getProviders()) {
    const type = classOf(wrapper);
    if (type === undefined || !isMcpProvider(type)) continue;
    const where = wrapper.host?.metatype?.name ?? 'a module';
    if (wrapper.scope === Scope.REQUEST || !wrapper.isDependencyTreeStatic()) {
      const why =
        wrapper.scope === Scope.REQUEST
          ? 'it is declared with scope: Scope.REQUEST'
          : 'it injects a request-scoped provider (REQUEST, or one declared with Scope.REQUEST), which makes it request-scoped too';
      throw new ConfigurationError(
        `Provider ${type.name} (in ${where}) registers MCP tools, resources or prompts, but ${why}. An MCP application resolves its providers once, at start-up, and one instance serves every call. Make it a default-scoped (singleton) or transient provider, and read the call's caller from a @Context() parameter (the HttpSession with its identity over HTTP) instead of the request.`,
      );
    }
    const earlier = modules.get(type);
    if (earlier !== undefined) {
      if (wrappers.get(type)?.instance === wrapper.instance && wrapper.instance !== undefined)
        continue;
      throw new ConfigurationError(
        `Provider ${type.name} is provided by both ${earlier} and ${where}: two instances would register the same tools. Provide it in one module and export it from there.`,
      );
    }
    const injects = (Reflect.getMetadata('design:paramtypes', type) as unknown[] | undefined) ?? [];
    if (injects.includes(McpApplication)) {
      throw new ConfigurationError(
        `Provider ${type.name} registers MCP tools and injects McpApplication, which is built from it: neither can be created first. Inject ModuleRef and get the application when a method runs (this.moduleRef.get(McpApplication, { strict: false })), or move that code to another provider.`,
      );
    }
    modules.set(type, where);
    wrappers.set(type, wrapper);
  }
  return { classes: [...wrappers.keys()], wrappers, modules };
}

function settled(wrapper: InstanceWrapper): boolean {
  // `isResolved` turns true once the constructor has run and the instance is in place
  // (`isPending` is not reset by every Nest version, so it says nothing here).
  return wrapper.getInstanceByContextId(STATIC_CONTEXT).isResolved === true;
}

/**
 * Waits until Nest has built every discovered provider (they are built concurrently with this
 * module's own providers), then gives their instances. A transient provider gets an instance of
 * its own, as for any other class that injects it.
 */
export async function resolveInstances(
  found: Discovered,
  moduleRef: ModuleRef,
  limitMs = SETTLE_LIMIT_MS,
): Promise<Map<Function, object>> {
  const instances = new Map<Function, object>();
  const started = Date.now();
  for (const [type, wrapper] of found.wrappers) {
    if (wrapper.isTransient) {
      instances.set(type, await moduleRef.resolve(type as never, undefined, { strict: false }));
      continue;
    }
    let pause = 0;
    while (!settled(wrapper)) {
      if (Date.now() - started > limitMs) {
        throw new ConfigurationError(
          `Provider ${type.name} was still not built after ${limitMs / 1000} s, so the MCP application cannot be created. Does it depend (perhaps through another provider) on McpApplication or on something that never resolves? Break the cycle with ModuleRef, or check its async factories.`,
        );
      }
      // Nest builds providers concurrently: yield until this one is done.
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause + 1, 20);
    }
    instances.set(type, wrapper.instance as object);
  }
  return instances;
}
