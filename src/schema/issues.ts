/**
 * Issue paths and the one readable message a model gets when its arguments are refused.
 */
import type { SchemaIssue } from './types';

/**
 * Joins path segments into the form issues use: names with dots, array indexes in brackets.
 *
 * @example
 * joinPath(['items', 2, 'name']); // 'items[2].name'
 * joinPath([]);                   // ''
 */
export function joinPath(segments: readonly PropertyKey[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? String(segment) : `.${String(segment)}`;
  }
  return path;
}

/**
 * One message naming each bad field, for an `isError` tool result the model can read and act on.
 *
 * @param prefix - what was refused; `'Invalid arguments'` unless told otherwise.
 * @example
 * formatIssues([{ path: 'city', message: 'Required' }, { path: 'days', message: 'Number must be at most 14' }]);
 * // 'Invalid arguments: city: Required; days: Number must be at most 14'
 */
export function formatIssues(issues: readonly SchemaIssue[], prefix = 'Invalid arguments'): string {
  if (issues.length === 0) return prefix;
  const parts = issues.map((issue) =>
    issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`,
  );
  return `${prefix}: ${parts.join('; ')}`;
}
