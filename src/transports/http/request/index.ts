/**
 * The request group: what comes in and the plain answers to it. Reading a body within its
 * limits and deadlines, `Accept` and `Content-Type`, the Host and Origin policies, CORS headers,
 * and the JSON bodies every answer and refusal is written with.
 */
export { BodyBudget, readBody } from './body';
export { allowOrigin, preflight } from './cors';
export { type Deadline, DeadlineQueue } from './deadline';
export { connectionFacts } from './facts';
export { MediaChecks } from './media';
export { SESSION_NOT_FOUND, sendEmpty, sendError, sendJson, TRANSPORT_ERROR } from './reply';
export { hostPolicy, originPolicy } from './security';
export { readStreamBody, WEB_BODY, type WebBody } from './stream-body';
