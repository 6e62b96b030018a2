import 'reflect-metadata';
import {
  type Interceptor,
  type MemberRecord,
  ownRecords,
  type ParameterRole,
} from '../../decorators/metadata';
import { ConfigurationError } from '../core';

/** One decorated method of a provider, with everything the registry needs to build it. */
export interface ScannedMember {
  readonly record: MemberRecord;
  /** The provider class being scanned (the one the instance is of). */
  readonly provider: Function;
  /** The class in the chain whose decorator recorded this member. */
  readonly owner: Function;
  /** `Provider.method`, for error messages. */
  readonly where: string;
  /** Parameter count, from the function and its `design:paramtypes`. */
  readonly arity: number;
  /** `design:paramtypes`, or undefined when the compiler emitted none. */
  readonly paramTypes: readonly unknown[] | undefined;
  /** Index of the `@Context()` parameter, of the `@Call()` parameter. */
  readonly contextIndex: number | undefined;
  readonly callIndex: number | undefined;
  /** Index of the parameter that receives the arguments (the first unmarked one), if any. */
  readonly dataIndex: number | undefined;
  /** `@Use` interceptors of the class chain (base first), then of the method. */
  readonly interceptors: readonly Interceptor[];
}

/** The class chain from `provider` up to (not including) Function.prototype: subclass first. */
function chainOf(provider: Function): Function[] {
  const chain: Function[] = [];
  for (
    let c: unknown = provider;
    typeof c === 'function' && c !== Function.prototype;
    c = Object.getPrototypeOf(c)
  ) {
    chain.push(c as Function);
  }
  return chain;
}

/**
 * Reads the decorators' records of a provider class and its base classes, once. A subclass
 * method recorded under the same name overrides its base class's record.
 */
export function scanProvider(provider: Function): ScannedMember[] {
  const name = provider.name || 'anonymous class';
  const chain = chainOf(provider);
  const classInterceptors = chain
    .slice()
    .reverse()
    .flatMap((c) => ownRecords(c)?.classInterceptors ?? []);
  const taken = new Set<string>();
  const members: ScannedMember[] = [];

  for (const owner of chain) {
    const records = ownRecords(owner);
    if (records === undefined) continue;
    const counts = new Map<string, number>();
    for (const record of records.members)
      counts.set(record.method, (counts.get(record.method) ?? 0) + 1);
    for (const [method, count] of counts) {
      if (count > 1) {
        const kinds = records.members
          .filter((m) => m.method === method)
          .map((m) => `@${capital(m.kind)}`);
        throw new ConfigurationError(
          `${owner.name}.${method} is decorated ${count} times (${kinds.join(', ')}). One method registers one tool, resource or prompt: split it into separate methods.`,
        );
      }
    }
    for (const record of records.members) {
      if (taken.has(record.method)) continue; // overridden by a subclass
      taken.add(record.method);
      members.push(
        describeMember(
          record,
          provider,
          owner,
          name,
          classInterceptors,
          records.methodInterceptors.get(record.method) ?? [],
          records.parameters.get(record.method) ?? [],
        ),
      );
    }
  }
  return members;
}

function capital(kind: string): string {
  return kind[0].toUpperCase() + kind.slice(1);
}

function describeMember(
  record: MemberRecord,
  provider: Function,
  owner: Function,
  providerName: string,
  classInterceptors: Interceptor[],
  methodInterceptors: Interceptor[],
  marks: Array<{ index: number; role: ParameterRole }>,
): ScannedMember {
  const where = `${providerName}.${record.method}`;
  const fn = (provider.prototype as Record<string, unknown>)[record.method];
  if (typeof fn !== 'function') {
    const isStatic =
      typeof (provider as unknown as Record<string, unknown>)[record.method] === 'function';
    throw new ConfigurationError(
      `${where}: @${capital(record.kind)} must decorate an instance method (found ${isStatic ? 'a static method' : typeof fn}). Providers are instantiated once; make it a non-static method.`,
    );
  }
  const paramTypes: unknown[] | undefined = Reflect.getMetadata(
    'design:paramtypes',
    owner.prototype,
    record.method,
  );
  const roles = new Map<ParameterRole, number>();
  for (const mark of marks) {
    if (roles.has(mark.role)) {
      throw new ConfigurationError(
        `${where}: @${capital(mark.role)}() marks two parameters (${roles.get(mark.role)} and ${mark.index}). Keep it on one parameter.`,
      );
    }
    roles.set(mark.role, mark.index);
  }
  const contextIndex = roles.get('context');
  const callIndex = roles.get('call');
  if (contextIndex !== undefined && contextIndex === callIndex) {
    throw new ConfigurationError(
      `${where}: parameter ${contextIndex} has both @Context() and @Call(); use one.`,
    );
  }
  const arity = Math.max(
    (fn as Function).length,
    paramTypes?.length ?? 0,
    (contextIndex ?? -1) + 1,
    (callIndex ?? -1) + 1,
  );
  let dataIndex: number | undefined;
  for (let i = 0; i < arity; i++) {
    if (i !== contextIndex && i !== callIndex) {
      dataIndex = i;
      break;
    }
  }
  return {
    record,
    provider,
    owner,
    where,
    arity,
    paramTypes,
    contextIndex,
    callIndex,
    dataIndex,
    interceptors: [...classInterceptors, ...methodInterceptors],
  };
}
