import type { ResourceContents } from '../../core';
import { nodeCrypto } from './node';

/** MIME types by extension; the textual ones are served as `text` when their bytes are UTF-8. */
const TYPES: Record<string, { mimeType: string; text: boolean }> = {};
for (const [mimeType, text, extensions] of [
  ['text/markdown', true, 'md markdown'],
  ['text/plain', true, 'txt text log'],
  ['text/csv', true, 'csv'],
  ['text/html', true, 'html htm'],
  ['text/css', true, 'css'],
  ['text/javascript', true, 'js mjs cjs'],
  ['text/x-typescript', true, 'ts mts cts tsx'],
  ['text/x-python', true, 'py'],
  ['text/x-shellscript', true, 'sh bash'],
  ['application/json', true, 'json'],
  ['application/yaml', true, 'yaml yml'],
  ['application/toml', true, 'toml'],
  ['application/xml', true, 'xml'],
  ['image/svg+xml', true, 'svg'],
  ['image/png', false, 'png'],
  ['image/jpeg', false, 'jpg jpeg'],
  ['image/gif', false, 'gif'],
  ['image/webp', false, 'webp'],
  ['application/pdf', false, 'pdf'],
  ['application/zip', false, 'zip'],
  ['application/wasm', false, 'wasm'],
] as const) {
  for (const extension of extensions.split(' ')) TYPES[extension] = { mimeType, text };
}

/** The MIME type of a skill file from its name; `text/plain` for a name without extension. */
export function mimeTypeOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'text/plain';
  return TYPES[name.slice(dot + 1).toLowerCase()]?.mimeType ?? 'application/octet-stream';
}

function textual(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    Object.values(TYPES).some((type) => type.text && type.mimeType === mimeType)
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The `resources/read` contents of one file. Text only when the type is textual and the bytes
 * are UTF-8 (kept with any BOM), so that a client hashing the text's UTF-8 gets the listed
 * digest; a blob (base64 of the raw bytes) otherwise.
 */
export function contentsOf(
  uri: string,
  mimeType: string,
  data: string | Uint8Array,
): ResourceContents {
  if (typeof data === 'string') return { uri, mimeType, text: data };
  if (textual(mimeType)) {
    try {
      return { uri, mimeType, text: utf8.decode(data) };
    } catch {
      // Not UTF-8: sent as bytes.
    }
  }
  return { uri, mimeType, blob: Buffer.from(data).toString('base64') };
}

/** `sha256:<64 lowercase hex>` over the raw bytes (SEP-2640 Integrity and verification). */
export function digestOf(data: string | Uint8Array): string {
  return `sha256:${nodeCrypto().createHash('sha256').update(data).digest('hex')}`;
}

/** The byte length of a file's content. */
export function sizeOf(data: string | Uint8Array): number {
  return typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.byteLength;
}

/** SEP-2640 Limits: what every host accepts of one skill. */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;
