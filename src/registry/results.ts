import { ErrorCode, Fault, isObject, type JsonObject, TextResult } from '../core';
import type { CompiledSchema } from '../schema';
import { formatIssues } from '../schema';

function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}

function text(value: string): { type: 'text'; text: string } {
  return { type: 'text', text: value };
}

/** A tool result the model reads as a failure. */
export function toolFailure(message: string): TextResult {
  return new TextResult(message, true);
}

/** JSON text of a value, for the text rendering of a result. */
function render(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/**
 * A tool method's return value as a `tools/call` result: a string → one text content; an object
 * with `content` → as it is; with an output schema → `structuredContent` (validated) plus its JSON
 * text; `undefined`/`null` → no content; anything else → its JSON text. A result the framework
 * builds says `isError: false`, as the seed's results do.
 */
export function toToolResult(
  value: unknown,
  output: CompiledSchema | undefined,
  where: string,
): unknown {
  if (isObject(value) && Array.isArray(value.content)) return value;
  if (output !== undefined) {
    const checked = output.validate(value);
    if (!checked.ok) {
      // The server's own bug, not the model's: -32603 for the client, the detail for the reporter.
      throw new Error(
        `${where} returned a value that does not match its output schema: ${formatIssues(checked.issues)}`,
      );
    }
    // The validated value, not the raw one: zod strips unknown keys, and its output schema says
    // `additionalProperties: false`, which clients (the official SDK) check structuredContent against.
    const structured = checked.value as JsonObject;
    return { content: [text(render(structured))], structuredContent: structured, isError: false };
  }
  if (value === undefined || value === null) return { content: [], isError: false };
  return new TextResult(render(value), false);
}

function contentsItem(value: unknown, uri: string, mimeType: string | undefined): JsonObject {
  if (typeof value === 'string')
    return mimeType ? { uri, mimeType, text: value } : { uri, text: value };
  if (isBytes(value)) {
    return {
      uri,
      mimeType: mimeType ?? 'application/octet-stream',
      blob: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'),
    };
  }
  if (isObject(value) && (typeof value.text === 'string' || typeof value.blob === 'string')) {
    const item: JsonObject = { uri: typeof value.uri === 'string' ? value.uri : uri };
    const mime = typeof value.mimeType === 'string' ? value.mimeType : mimeType;
    if (mime !== undefined) item.mimeType = mime;
    return { ...item, ...value, uri: item.uri, ...(mime !== undefined ? { mimeType: mime } : {}) };
  }
  return { uri, mimeType: mimeType ?? 'application/json', text: render(value) };
}

/**
 * A resource method's return value as `resources/read` contents: a string → `text`; bytes
 * (`Buffer`, `Uint8Array`) → `blob` (base64); an object with `text`/`blob`, a list of those, or
 * `{ contents }` → as given (with `uri` and `mimeType` filled in); `undefined`/`null` → not found.
 */
export function toContents(
  value: unknown,
  uri: string,
  mimeType: string | undefined,
): JsonObject[] {
  if (value === undefined || value === null) {
    throw new Fault(ErrorCode.RESOURCE_NOT_FOUND, 'Resource not found', { uri });
  }
  if (isObject(value) && Array.isArray(value.contents)) return value.contents as JsonObject[];
  if (Array.isArray(value)) return value.map((item) => contentsItem(item, uri, mimeType));
  return [contentsItem(value, uri, mimeType)];
}

/**
 * A prompt method's return value as a `prompts/get` result: a string → one user message; a list
 * (strings or messages) → the messages; an object with `messages` → as it is.
 */
export function toPromptResult(
  value: unknown,
  description: string | undefined,
  where: string,
): JsonObject {
  if (isObject(value) && Array.isArray(value.messages)) return value;
  const messages =
    typeof value === 'string'
      ? [{ role: 'user', content: text(value) }]
      : Array.isArray(value)
        ? value.map((item) =>
            typeof item === 'string' ? { role: 'user', content: text(item) } : item,
          )
        : undefined;
  if (messages === undefined) {
    throw new Error(
      `${where} returned ${value === null ? 'null' : typeof value}; a prompt returns a string, a list of messages, or { messages }.`,
    );
  }
  return description === undefined ? { messages } : { description, messages };
}
