import type { ResourceOptions, ToolOptions } from '../../decorators';
import { APP_MIME_TYPE, ConfigurationError, isObject, type JsonObject } from '../core';
import type { Entry } from './entries';
import { toContents } from './results';

/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`, specification 2026-01-26) at start-up: a
 * `ui://` resource is a view, a tool's `ui` option links it to one. Everything the wire shows is
 * checked and built here once; nothing of it is computed per call.
 */

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
const PERMISSION_KEYS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];
const APP_KEYS = ['csp', 'permissions', 'domain', 'prefersBorder'];
const VISIBILITY = ['model', 'app'];

// MCP Apps 2026-01-26, UI resource format: "URI MUST start with `ui://` scheme".
const UI_SCHEME = /^ui:\/\//i;

/** Whether a URI names an MCP Apps view (`ui://…`). */
export function isViewUri(uri: string): boolean {
  return UI_SCHEME.test(uri);
}

/** `text/html;profile=mcp-app` however it is spelled (case, spaces, quotes), or undefined. */
function appMimeType(mimeType: string): string | undefined {
  const [type, ...parameters] = mimeType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'text/html') return undefined;
  const profile = parameters
    .map((p) => p.split('=').map((s) => s.trim()))
    .find(([name]) => name === 'profile')?.[1];
  return profile === 'mcp-app' || profile === '"mcp-app"' ? APP_MIME_TYPE : undefined;
}

function unknownKeys(value: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !known.includes(key));
}

/** The `_meta.ui` of a view from its `app` option, checked member by member. */
function viewMeta(app: unknown, label: string): JsonObject {
  if (!isObject(app)) {
    throw new ConfigurationError(
      `${label}: "app" must be an object, e.g. app: { prefersBorder: true } (or app: {} for none of the options).`,
    );
  }
  const stray = unknownKeys(app, APP_KEYS);
  if (stray.length > 0) {
    throw new ConfigurationError(
      `${label}: app.${stray[0]} is not an MCP Apps view option. Use ${APP_KEYS.join(', ')}.`,
    );
  }
  const ui: JsonObject = {};
  if (app.csp !== undefined) {
    if (!isObject(app.csp)) {
      throw new ConfigurationError(
        `${label}: app.csp must be an object of origin lists, e.g. csp: { connectDomains: ['https://api.example.com'] }.`,
      );
    }
    const wrong = unknownKeys(app.csp, CSP_KEYS);
    if (wrong.length > 0) {
      throw new ConfigurationError(
        `${label}: app.csp.${wrong[0]} is not a CSP list of MCP Apps. Use ${CSP_KEYS.join(', ')}.`,
      );
    }
    const csp: JsonObject = {};
    for (const key of CSP_KEYS) {
      const list = app.csp[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || !list.every((o) => typeof o === 'string' && o.trim() !== '')) {
        throw new ConfigurationError(
          `${label}: app.csp.${key} must be an array of origins, e.g. ['https://cdn.example.com'].`,
        );
      }
      csp[key] = [...list];
    }
    ui.csp = csp;
  }
  if (app.permissions !== undefined) {
    if (!isObject(app.permissions)) {
      throw new ConfigurationError(
        `${label}: app.permissions must be an object, e.g. permissions: { clipboardWrite: {} }.`,
      );
    }
    const wrong = unknownKeys(app.permissions, PERMISSION_KEYS);
    if (wrong.length > 0) {
      throw new ConfigurationError(
        `${label}: app.permissions.${wrong[0]} is not an MCP Apps permission. Use ${PERMISSION_KEYS.join(', ')}.`,
      );
    }
    const permissions: JsonObject = {};
    for (const key of PERMISSION_KEYS) {
      const value = app.permissions[key];
      if (value === undefined) continue;
      // MCP Apps 2026-01-26 writes each permission as an empty object: camera?: {}.
      if (!isObject(value) || Object.keys(value).length > 0) {
        throw new ConfigurationError(
          `${label}: app.permissions.${key} must be {} to ask for it (the specification's form), e.g. permissions: { ${key}: {} }.`,
        );
      }
      permissions[key] = {};
    }
    ui.permissions = permissions;
  }
  if (app.domain !== undefined) {
    if (typeof app.domain !== 'string' || app.domain.trim() === '') {
      throw new ConfigurationError(
        `${label}: app.domain must be a non-empty string in the format the host documents, or be left out.`,
      );
    }
    ui.domain = app.domain;
  }
  if (app.prefersBorder !== undefined) {
    if (typeof app.prefersBorder !== 'boolean') {
      throw new ConfigurationError(`${label}: app.prefersBorder must be true or false.`);
    }
    ui.prefersBorder = app.prefersBorder;
  }
  return ui;
}

/** What a view adds to its resource entry: its MIME type and the `_meta` of its list entry and contents. */
export interface ViewParts {
  readonly mimeType: string;
  /** `{ ui: {…} }`, or undefined when the view declares no metadata. */
  readonly meta: JsonObject | undefined;
}

/**
 * Checks a resource's MCP Apps options. Returns undefined for an ordinary resource, the view's
 * parts for a `ui://` one. Errors: `app` on a URI that is not `ui://`, a `ui://` template, a
 * `ui://` resource whose MIME type is not `text/html;profile=mcp-app`, a malformed `app`.
 */
export function viewOf(o: ResourceOptions, label: string): ViewParts | undefined {
  if (typeof o.uriTemplate === 'string' && isViewUri(o.uriTemplate)) {
    throw new ConfigurationError(
      `${label}: an MCP Apps view is a fixed resource (tools name it by its exact URI). Use uri: '${o.uriTemplate}' without template variables.`,
    );
  }
  const uri = typeof o.uri === 'string' ? o.uri : (o.uriTemplate ?? '');
  if (!isViewUri(uri)) {
    if (o.app !== undefined) {
      throw new ConfigurationError(
        `${label}: "app" declares an MCP Apps view, whose URI must start with ui:// (MCP Apps 2026-01-26). Use uri: 'ui://your-server/view', or remove "app".`,
      );
    }
    return undefined;
  }
  let mimeType = APP_MIME_TYPE;
  if (o.mimeType !== undefined) {
    const normal = typeof o.mimeType === 'string' ? appMimeType(o.mimeType) : undefined;
    if (normal === undefined) {
      throw new ConfigurationError(
        `${label}: a ui:// resource is an MCP Apps view, whose MIME type must be ${APP_MIME_TYPE} (got ${JSON.stringify(o.mimeType)}). Remove mimeType (it defaults to that), or use another URI scheme for other content.`,
      );
    }
    mimeType = normal;
  }
  const ui = o.app === undefined ? {} : viewMeta(o.app, label);
  return { mimeType, meta: Object.keys(ui).length > 0 ? { ui } : undefined };
}

/**
 * The `_meta` of a tool: the user's `meta` plus, with a `ui` option, `ui: { resourceUri,
 * visibility? }` and the older flat key `"ui/resourceUri"` that existing hosts read.
 */
export function toolMeta(
  o: ToolOptions,
  label: string,
): { meta: JsonObject | undefined; view: string | undefined } {
  if (o.ui === undefined) return { meta: o.meta, view: undefined };
  const ui = typeof o.ui === 'string' ? { resourceUri: o.ui } : o.ui;
  if (!isObject(ui) || typeof ui.resourceUri !== 'string' || !isViewUri(ui.resourceUri)) {
    throw new ConfigurationError(
      `${label}: "ui" names the tool's MCP Apps view by its ui:// URI, e.g. ui: 'ui://your-server/view' or ui: { resourceUri: 'ui://your-server/view', visibility: ['model', 'app'] }.`,
    );
  }
  const stray = unknownKeys(ui, ['resourceUri', 'visibility']);
  if (stray.length > 0) {
    throw new ConfigurationError(
      `${label}: ui.${stray[0]} is not a tool's view option (csp and permissions belong on the view's @Resource app option). Use resourceUri and visibility.`,
    );
  }
  const { visibility } = ui;
  if (
    visibility !== undefined &&
    (!Array.isArray(visibility) ||
      visibility.length === 0 ||
      !visibility.every((v) => VISIBILITY.includes(v)) ||
      new Set(visibility).size !== visibility.length)
  ) {
    throw new ConfigurationError(
      `${label}: ui.visibility lists who may call the tool, once each: ['model'], ['app'] or ['model', 'app'] (the default).`,
    );
  }
  const user = o.meta ?? {};
  if ('ui' in user || 'ui/resourceUri' in user) {
    throw new ConfigurationError(
      `${label}: set the view either with the "ui" option or in meta, not both. Remove meta.ui and meta["ui/resourceUri"].`,
    );
  }
  const uiMeta: JsonObject = { resourceUri: ui.resourceUri };
  if (visibility !== undefined) uiMeta.visibility = [...visibility];
  return {
    meta: { ...user, ui: uiMeta, 'ui/resourceUri': ui.resourceUri },
    view: ui.resourceUri,
  };
}

/**
 * The links from tools to views, once every entry is built: a tool's view must be a `ui://`
 * resource some provider declares. The error names the tool, its method and the URI, and lists
 * the views there are.
 */
export function checkViewLinks(entries: readonly Entry[]): void {
  const views = new Map<string, Entry>();
  for (const entry of entries)
    if (entry.kind === 'resource' && isViewUri(entry.key)) views.set(entry.key, entry);
  for (const entry of entries) {
    if (entry.kind !== 'tool' || entry.view === undefined || views.has(entry.view)) continue;
    const known = [...views.values()].map((v) => `${v.key} (${v.member.where})`);
    throw new ConfigurationError(
      `${entry.label}: its ui names the view "${entry.view}", which no @Resource declares (declared views: ${known.join(', ') || 'none'}). Add @Resource({ uri: '${entry.view}', app: {} }) on a method that returns the HTML, or fix the URI.`,
    );
  }
}

/**
 * A view's `resources/read` contents: the HTML as `text` (a Buffer or Uint8Array is decoded as
 * UTF-8), the app MIME type, and the view's `_meta` on every item that does not set its own
 * (MCP Apps 2026-01-26: hosts read csp and permissions from the read contents first).
 */
export function viewContents(
  value: unknown,
  uri: string,
  mimeType: string,
  meta: Readonly<JsonObject> | undefined,
): JsonObject[] {
  const html = value instanceof Uint8Array ? new TextDecoder().decode(value) : value;
  const contents = toContents(html, uri, mimeType);
  if (meta === undefined) return contents;
  return contents.map((item) => (item._meta === undefined ? { ...item, _meta: meta } : item));
}
