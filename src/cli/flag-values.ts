/**
 * The checks of the command line's flag values: each converts a string or throws a
 * {@link UsageError} that says what is expected, with an example.
 */
import { REVISIONS, UsageError } from '../core';

export const port = (raw: string): number => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535 (got "${raw}").`);
  return n;
};

export const path = (raw: string): string => {
  if (!raw.startsWith('/')) throw new UsageError('--path must start with "/".');
  return raw;
};

export const host = (raw: string): string => {
  // A name or an address; whether this machine has it is known only when listening.
  if (raw === '' || /[\s/?#@]/.test(raw))
    throw new UsageError(
      `--host must be an address or a host name, e.g. 127.0.0.1 (got "${raw}").`,
    );
  return raw;
};

export const url =
  (flag: string) =>
  (raw: string): string => {
    if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
      throw new UsageError(
        `${flag} must be an absolute http(s) URL, e.g. https://id.example.com/realms/acme (got "${raw}").`,
      );
    return raw;
  };

export const redisUrl = (raw: string): string => {
  if (!/^rediss?:\/\/[^/]/.test(raw) || !URL.canParse(raw))
    throw new UsageError(
      `--redis must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (got "${raw}").`,
    );
  return raw;
};

export const header = (raw: string): string => {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/.test(raw))
    throw new UsageError(
      `--header must be 'Name: value', e.g. --header 'X-Tenant: acme' (got "${raw}").`,
    );
  return raw;
};

/** The revisions the client commands speak, oldest first (the negotiation table's names). */
export const PROTOCOLS: readonly string[] = REVISIONS.map((revision) => revision.name).reverse();

export const protocol = (raw: string): string => {
  if (!PROTOCOLS.includes(raw))
    throw new UsageError(`--protocol must be ${PROTOCOLS.join(' or ')} (got "${raw}").`);
  return raw;
};

export const jsonAnswer = (raw: string): string => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new UsageError(
      `--answer must be a JSON object, e.g. --answer '{"name":"Ada"}' (got ${raw}).`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(
      `--answer must be a JSON object, e.g. --answer '{"name":"Ada"}' (got ${raw}).`,
    );
  return raw;
};

/** The most processes `--workers` starts. */
export const MAX_WORKERS = 64;

/** The default of `--crash-limit`. */
export const CRASH_LIMIT = 5;

export const crashLimit = (raw: string): number => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 1 || n > 1000)
    throw new UsageError(`--crash-limit must be a number from 1 to 1000 (got "${raw}").`);
  return n;
};

export const workers = (raw: string): number => {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new UsageError(`--workers must be a number from 1 to ${MAX_WORKERS} (got "${raw}").`);
  return n;
};
