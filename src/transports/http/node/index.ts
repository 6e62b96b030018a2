/** The `node:http` face: a request listener, and a ready server. */
export { createHttpHandler, type HttpHandler } from './handler';
export { type HttpServerHandle, type ServeHttpOptions, serveHttp } from './serve';
