/**
 * Zod's issues (3 and 4 share their shape) turned into {@link SchemaIssue}s with joined paths.
 */
import { joinPath } from './issues';
import type { SchemaIssue } from './types';

/** A zod issue as the minimum both zod 3 and zod 4 share. */
export interface ZodLikeIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * Zod issues as {@link SchemaIssue}s. An unrecognized-keys issue (strict objects) becomes one issue
 * per key, so each unknown field is named.
 */
export function zodIssues(issues: readonly ZodLikeIssue[]): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
      for (const key of issue.keys) {
        out.push({ path: joinPath([...issue.path, key]), message: 'Unrecognized key' });
      }
    } else {
      out.push({ path: joinPath(issue.path), message: issue.message });
    }
  }
  return out;
}
