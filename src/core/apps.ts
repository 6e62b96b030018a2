import type { JsonObject } from './types';
import { isObject } from './types';

/** The MCP Apps extension's identifier, the key of `capabilities.extensions` (MCP Apps 2026-01-26). */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP Apps view: an HTML document the host renders in a sandboxed iframe. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

/**
 * Whether client capabilities declare MCP Apps: `extensions["io.modelcontextprotocol/ui"]` with
 * `mimeTypes` that include `text/html;profile=mcp-app` (MCP Apps 2026-01-26, capability
 * negotiation: `mimeTypes` is required).
 *
 * @example
 * supportsApps({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } }); // true
 */
export function supportsApps(capabilities: JsonObject | undefined): boolean {
  const extensions = capabilities?.extensions;
  if (!isObject(extensions)) return false;
  const ui = extensions[APPS_EXTENSION];
  return isObject(ui) && Array.isArray(ui.mimeTypes) && ui.mimeTypes.includes(APP_MIME_TYPE);
}
