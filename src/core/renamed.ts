import { ConfigurationError } from './errors';

/**
 * An option that was renamed: the value given under its name, else under its deprecated old
 * name, with the name the value came under (for error messages). Both given with different
 * values is a {@link ConfigurationError}: the program cannot mean both.
 */
export function renamedOption(
  options: object,
  name: string,
  old: string,
  where: string,
): { value: unknown; given: string } {
  const record = options as Record<string, unknown>;
  const value = record[name];
  const former = record[old];
  if (value !== undefined && former !== undefined && value !== former) {
    throw new ConfigurationError(
      `${where}: "${old}" is the deprecated name of "${name}", and they differ (${String(former)} and ${String(value)}): give only "${name}".`,
    );
  }
  return value !== undefined || former === undefined
    ? { value, given: name }
    : { value: former, given: old };
}
