/**
 * Node's file system, paths and hashing for skill folders, loaded the first time a folder is
 * read: the registry itself loads without them, where there are none (Cloudflare Workers, the
 * fetch entry). `process.getBuiltinModule` where the runtime has it (Node 20.16+, Bun, Deno),
 * else `require`; the module name is not a literal, so bundlers leave it for run time.
 */
function builtin<T>(id: string): T {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const loaded = process?.getBuiltinModule?.(id);
  return (loaded ?? require(id)) as T;
}

export const nodeFs = (): typeof import('node:fs') => builtin('node:fs');
export const nodeFsPromises = (): typeof import('node:fs/promises') => builtin('node:fs/promises');
export const nodePath = (): typeof import('node:path') => builtin('node:path');
export const nodeCrypto = (): typeof import('node:crypto') => builtin('node:crypto');
