import type { Interceptor } from '../../decorators';
import type { CacheHint, McpCoreOptions } from '../core';
import type { ProviderClass, ServiceContainer } from '../di';
import type { TaskLimits } from '../tasks';
import type { Authorize } from './authorize';
import type { SkillSource } from './skills';

/**
 * Options of {@link McpApplication.create}. The core's own options that are not closures (the
 * application generates those from the providers), and what the registry adds.
 */
export interface McpApplicationOptions<C = unknown>
  extends TaskLimits,
    Pick<
      McpCoreOptions<C>,
      | 'name'
      | 'version'
      | 'title'
      | 'icons'
      | 'instructions'
      | 'reporter'
      | 'batch'
      | 'initializer'
      | 'logging'
      | 'subscriptions'
      | 'listChanged'
      | 'requestStateSecret'
      | 'requestStateTtl'
      | 'telemetry'
      | 'maxRounds'
      | 'maxResultBytes'
    > {
  /** The classes whose decorated methods become tools, resources and prompts. */
  providers: readonly ProviderClass[];
  /** A typedi `Container` or `ContainerInstance` to resolve providers from (constructor injection). */
  container?: ServiceContainer;
  /** Decides whether a context holds a definition's `scopes` (default: `context.identity.scopes` or `context.scopes`). */
  authorize?: Authorize<C>;
  /** Interceptors around every invocation, outermost first. */
  interceptors?: readonly Interceptor[];
  /**
   * Told about unexpected errors (the client gets `-32603`); must not throw. Default: the error,
   * the method and the definition on stderr (never stdout). `reporter: () => {}` silences it.
   */
  reporter?: McpCoreOptions<C>['reporter'];
  /** Declare `logging` (default: when a method takes a `@Call()` parameter, which can log). */
  logging?: boolean;
  /** Declare `resources.subscribe` and answer subscribe/unsubscribe (default: false). */
  subscriptions?: boolean;
  /** Declare `listChanged` (default: when a definition starts with `enabled: false`). */
  listChanged?: boolean;
  /**
   * The default caching hint of MCP 2026-07-28 cacheable results (lists, `resources/read`,
   * `server/discover`): `{ ttlMs: 0, scope: 'public' }` when not given. `@Tool({ cache })`,
   * `@Resource({ cache })` and `@Prompt({ cache })` override it per definition; a list takes the
   * most restrictive of its members, and is `private` when any scopes or a custom `authorize`
   * are in use (it then differs by caller).
   */
  cache?: Partial<CacheHint>;
  /**
   * Agent skills served beside the `@Skill` providers (SEP-2640): `{ dir }` one skill folder,
   * `{ root }` every folder holding a `SKILL.md` under it, `{ files }` one skill held in memory.
   * See docs/skills.md.
   */
  skills?: readonly SkillSource[];
  /** Skills per `skills/list` page, and children per `resources/directory/read` page (default 100). */
  skillPageSize?: number;
}
