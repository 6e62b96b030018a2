import { ConfigurationTypeError } from './errors';
import type { McpCoreOptions } from './options';
import { SKILLS_EXTENSION, type SkillHost } from './skills';
import { isObject, type JsonObject } from './types';

/** What a server declares of itself, from its options: its identity and its capabilities. */
export interface ServerDeclaration<C> {
  /** `serverInfo`: name and version, title and icons when given. */
  readonly serverInfo: JsonObject;
  /** The capabilities `initialize` answers, a task family's own included. */
  readonly capabilities: JsonObject;
  /** The capabilities `server/discover` answers: a task family's are extensions there. */
  readonly discovered: JsonObject;
  /** The skills served (SEP-2640): only a server with resources serves them. */
  readonly skills: SkillHost<C> | undefined;
}

/**
 * The server's declaration, once its options are checked (a ConfigurationTypeError names what is
 * wrong): a method family counts when its functions are given (resources and
 * their reader, prompts and their prompter, a completer); `listChanged`, `subscriptions` and
 * `logging` are declared as set; skills are an extension in both answers.
 */
export function declaration<C>(options: McpCoreOptions<C>): ServerDeclaration<C> {
  if (!isObject(options)) throw new ConfigurationTypeError('McpCore: options must be an object.');
  const { name, version, lister, caller } = options;
  if (typeof name !== 'string' || typeof version !== 'string') {
    throw new ConfigurationTypeError(
      'McpCore: "name" and "version" must be strings (sent as serverInfo).',
    );
  }
  if (typeof lister !== 'function' || typeof caller !== 'function') {
    throw new ConfigurationTypeError('McpCore: "lister" and "caller" must be functions.');
  }
  const { resources, reader, prompts, prompter, completer } = options;
  const hasResources = typeof resources === 'function' && typeof reader === 'function';
  const hasPrompts = typeof prompts === 'function' && typeof prompter === 'function';
  const listChanged = options.listChanged === true;
  const subscribe = hasResources && options.subscriptions === true;
  const capabilities: JsonObject = { tools: { listChanged } };
  if (hasResources) capabilities.resources = { listChanged, subscribe };
  if (hasPrompts) capabilities.prompts = { listChanged };
  if (options.logging === true) capabilities.logging = {};
  if (typeof completer === 'function') capabilities.completions = {};
  const family = options.tasks;
  // A family declares its 2025 capabilities and its 2026-07-28 extensions apart.
  const discovered: JsonObject = { ...capabilities };
  if (family !== undefined) {
    Object.assign(capabilities, family.capabilities);
    discovered.extensions = { ...family.extensions };
  }
  const skills = hasResources ? options.skills : undefined;
  if (skills !== undefined) {
    // SEP-2640 Capability Declaration: in the initialize result and in server/discover alike.
    const declared = { [SKILLS_EXTENSION]: { directoryRead: true } };
    capabilities.extensions = declared;
    discovered.extensions = { ...(discovered.extensions as object), ...declared };
  }
  const serverInfo: JsonObject = { name, version };
  if (options.title !== undefined) serverInfo.title = options.title;
  if (options.icons !== undefined) serverInfo.icons = options.icons;
  // Frozen: answers may carry its JSON made once (the 2026-07-28 envelope's `_meta`).
  return { serverInfo: Object.freeze(serverInfo), capabilities, discovered, skills };
}
