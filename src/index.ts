/**
 * declarative-mcp: Model Context Protocol servers as annotated TypeScript classes.
 *
 * The main entry re-exports everything a user needs: the protocol core, the transports,
 * the declarative layer and the error classes.
 */
export * from './core';
export * from './transports/stdio';
