/**
 * MCP prompts list their arguments as `{ name, description?, required }`, not as a schema; this
 * reads them off an object schema once.
 */
import type { JsonObject, PromptArgument } from '../core';

/** One prompt argument as `prompts/list` shows it: the core's {@link PromptArgument}, `required` always set. */
type ListedArgument = PromptArgument & { required: boolean };

/**
 * The `arguments` of a prompt, in property order, from an object schema's `properties` and
 * `required`. A property's `title` and `description` are carried over when they are strings.
 *
 * @example
 * promptArguments({ type: 'object', properties: { topic: { type: 'string', description: 'What about' } }, required: ['topic'] });
 * // [{ name: 'topic', description: 'What about', required: true }]
 */
export function promptArguments(schema: JsonObject): ListedArgument[] {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties as JsonObject).map(([name, property]) => {
    const argument: ListedArgument = { name, required: required.has(name) };
    const { title, description } = (property ?? {}) as JsonObject;
    if (typeof title === 'string') argument.title = title;
    if (typeof description === 'string') argument.description = description;
    return argument;
  });
}
