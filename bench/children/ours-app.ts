/**
 * The benchmark's application as a module the command line serves (measurement 7:
 * `declarative-mcp serve build/bench/children/ours-app.js --http [--redis URL --workers N]`).
 */
import { createApp } from '../servers/ours';

export const app = createApp();
