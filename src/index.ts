/**
 * declarative-mcp: Model Context Protocol servers as annotated TypeScript classes.
 *
 * The main entry re-exports everything a user needs: the protocol core, the declarative layer
 * (decorators, application, schemas), the transports and the error classes.
 */
import 'reflect-metadata';

export * from '../decorators';
export {
  type DefinitionStates,
  type EventStore,
  type MemoryAdapterOptions,
  type MessageBus,
  memoryAdapter,
  type RecordStore,
  type SessionRecord,
  type SessionTable,
  type StateAdapter,
  type StateBindable,
  type StoredEvent,
} from './adapter';
export * from './core';
export { type ProviderClass, resolveProvider, type ServiceContainer } from './di';
export * from './registry';
export {
  type CompiledSchema,
  type CompileSchemaOptions,
  compileSchema,
  formatIssues,
  JSONSchema,
  type SchemaIssue,
  type Validation,
} from './schema';
export * from './transports/http';
export * from './transports/stdio';
