import 'reflect-metadata';
import { ConfigurationError } from '../core';

/**
 * A dependency-injection container the application resolves providers from: a typedi
 * `Container` or `ContainerInstance`, or anything with the same `get(Class)`.
 */
export interface ServiceContainer {
  get<T>(type: abstract new (...args: any[]) => T): T;
}

/** A provider class (its constructor). */
export type ProviderClass = abstract new (...args: any[]) => object;

function isContainer(value: unknown): value is ServiceContainer {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as ServiceContainer).get === 'function'
  );
}

/**
 * The one instance of a provider class: from `container` when given (a class the container does
 * not know and that takes no constructor arguments is constructed directly, no `@Service()`
 * needed), otherwise constructed with no arguments. A class whose constructor needs arguments without a container, or that the
 * container cannot build, is a {@link ConfigurationError} that says what to do.
 */
export function resolveProvider(provider: ProviderClass, container?: unknown): object {
  const name = provider.name || 'anonymous class';
  if (container !== undefined && container !== null) {
    if (!isContainer(container)) {
      throw new ConfigurationError(
        `"container" must be a typedi Container or ContainerInstance (an object with get(Class)); got ${typeof container}.`,
      );
    }
    let instance: unknown;
    try {
      instance = container.get(provider);
    } catch (error) {
      // As NestJS does for classes without dependencies: nothing to inject, nothing to register.
      if (arityOf(provider) === 0) return construct(provider, name);
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigurationError(
        `Provider ${name}: the container could not build it (${reason}). Decorate it (and what it injects) with @Service() from typedi, or register it in the container.`,
      );
    }
    if (typeof instance !== 'object' || instance === null) {
      throw new ConfigurationError(
        `Provider ${name}: the container returned ${String(instance)} instead of an instance.`,
      );
    }
    return instance;
  }
  const parameters: unknown[] = Reflect.getMetadata('design:paramtypes', provider) ?? [];
  const arity = arityOf(provider);
  if (arity > 0) {
    const types = parameters
      .map((type) => (typeof type === 'function' ? type.name : 'unknown'))
      .join(', ');
    throw new ConfigurationError(
      `Provider ${name} needs ${arity} constructor argument(s)${types ? ` (${types})` : ''} but no container was given. Pass a typedi container: McpApplication.create({ …, container: Container }), and decorate the classes with @Service().`,
    );
  }
  return construct(provider, name);
}

/** How many constructor arguments a class takes, by its declaration or its emitted metadata. */
function arityOf(provider: ProviderClass): number {
  const parameters: unknown[] = Reflect.getMetadata('design:paramtypes', provider) ?? [];
  return Math.max(provider.length, parameters.length);
}

function construct(provider: ProviderClass, name: string): object {
  try {
    return new (provider as new () => object)();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigurationError(`Provider ${name}: its constructor threw: ${reason}`);
  }
}
