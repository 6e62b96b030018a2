import { ConfigurationError } from '../core';
import { resolveProvider } from '../di';
import { type Authorize, defaultAuthorize } from './authorize';
import { buildEntry } from './build-entry';
import { Catalog } from './catalog';
import type { McpApplicationOptions } from './options';
import { scanProvider } from './scan';
import { type ServedSkill, skillRecordOf, skillSupport } from './skills';

/** What the providers of an application declare: their definitions, and their `@Skill`s. */
export interface ScannedProviders<C> {
  /** The tools, resources, templates and prompts, each bound to its provider's instance. */
  readonly catalog: Catalog<C>;
  /** Whether a method takes a `@Call()` parameter (it can log: `logging` is declared by default). */
  readonly usesCall: boolean;
  /** The skills of `@Skill` providers, in the order of `providers`. */
  readonly served: ServedSkill<C>[];
}

/**
 * Scans each provider class once: its decorated members become catalog entries bound to one
 * instance (resolved through the container, only when the class has members or serves a skill's
 * files), and its `@Skill` a served skill. Throws a {@link ConfigurationError} for a provider
 * that is not a class or declares nothing.
 */
export function scanProviders<C>(
  options: Pick<McpApplicationOptions<C>, 'providers' | 'container' | 'authorize' | 'interceptors'>,
  problem: (message: string) => void,
): ScannedProviders<C> {
  const catalog = new Catalog<C>(options.authorize ?? (defaultAuthorize as Authorize<C>));
  const interceptors = options.interceptors ?? [];
  let usesCall = false;
  const served: ServedSkill<C>[] = [];
  for (const provider of options.providers) {
    if (typeof provider !== 'function') {
      throw new ConfigurationError(
        `McpApplication.create: every provider must be a class; got ${String(provider)}.`,
      );
    }
    const members = scanProvider(provider);
    const skill = skillRecordOf(provider);
    if (members.length === 0 && skill === undefined) {
      throw new ConfigurationError(
        `Provider ${provider.name}: no @Tool, @Resource or @Prompt method, and no @Skill. Decorate its methods, or remove it from "providers".`,
      );
    }
    let resolved: object | undefined;
    const instanceOf = () => {
      resolved ??= resolveProvider(provider, options.container) as object;
      return resolved;
    };
    if (skill !== undefined)
      served.push(skillSupport().skillOfProvider<C>(provider, skill, instanceOf, problem));
    if (members.length === 0) continue;
    const instance = instanceOf();
    for (const member of members) {
      usesCall ||= member.callIndex !== undefined;
      catalog.add(buildEntry(member, instance, interceptors));
    }
  }
  return { catalog, usesCall, served };
}
