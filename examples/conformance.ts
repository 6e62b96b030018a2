/**
 * The "everything" server of the official MCP conformance suite (`@modelcontextprotocol/conformance`
 * 0.2.0-alpha.12), written with this framework's decorators: every tool, resource, template and prompt
 * its server scenarios call, by the names and with the content they check.
 *
 *   npm run build
 *   node build/examples/conformance.js --port 3000   # prints: listening http://127.0.0.1:3000/mcp
 *   npm run conformance                               # starts it on a free port and runs the suite
 *
 * The port comes from `--port N` (or a bare number) on the command line, else `PORT`, else 0 (a
 * free one). The URL is printed on stdout as one line, for the runner (`scripts/conformance.js`).
 * `--hono` serves the same application through `declarative-mcp/fetch` mounted in Hono
 * (`npm run conformance -- --face hono`).
 */
import {
  Call,
  type Mcp,
  McpApplication,
  type McpCall,
  Prompt,
  Resource,
  serveHttp,
  Tool,
  ToolError,
} from 'declarative-mcp';
import { z } from 'zod';
import { DailyReport, PdfProcessing, skills } from './skills';

/** A 1×1 red PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A WAV file with a RIFF header and two bytes of silence. */
const WAV_SILENCE = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Tools whose result is all there is: one per content type, and a failure. */
export class ContentTools {
  @Tool({ description: 'Tests simple text content response' })
  test_simple_text(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ description: 'Tests image content response' })
  test_image_content() {
    return { content: [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }] };
  }

  @Tool({ description: 'Tests audio content response' })
  test_audio_content() {
    return { content: [{ type: 'audio', data: WAV_SILENCE, mimeType: 'audio/wav' }] };
  }

  @Tool({ description: 'Tests embedded resource content response' })
  test_embedded_resource() {
    return {
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    };
  }

  @Tool({ description: 'Tests response with multiple content types (text, image, resource)' })
  test_multiple_content_types() {
    return {
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    };
  }

  @Tool({ description: 'Tests error response handling' })
  test_error_handling(): never {
    // A ToolError is the tool's failure for the model to read: `isError: true`, not a JSON-RPC error.
    throw new ToolError('This tool intentionally returns an error for testing');
  }

  // SEP-1613 / SEP-2106: a JSON Schema given as such is listed unchanged ($schema, $defs with an
  // $anchor, composition and conditional keywords, additionalProperties).
  @Tool({
    description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
    input: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: {
        name: { type: 'string' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword, listed as written (SEP-2106).
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    },
  })
  json_schema_2020_12_tool(args: { name?: string; address?: { street?: string; city?: string } }) {
    return `JSON Schema 2020-12 tool called with: ${JSON.stringify(args)}`;
  }
}

/** The question the MRTR scenarios ask for a name. */
const NAME_SCHEMA: Mcp.ElicitSchema = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};

/** The confirmation the request-state scenarios ask for. */
const OK_SCHEMA: Mcp.ElicitSchema = {
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
};

const CAPITAL_QUESTION = {
  messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
  maxTokens: 100,
};

function sampledText(result: Record<string, unknown>): string {
  const content = result.content as { type?: string; text?: string } | undefined;
  return content?.type === 'text' ? String(content.text) : JSON.stringify(content);
}

function nameOf(result: Mcp.ElicitResult): string {
  return result.action === 'accept' ? String(result.content.name) : `(${result.action})`;
}

/**
 * The tools the MCP 2026-07-28 scenarios call (SEP-2575 stateless, SEP-2322 MRTR, SEP-2243
 * headers). They are written as any tool is: `await call.elicit(…)` asks the client in both
 * eras; in 2026-07-28 the ask becomes an `input_required` result and the retry runs the tool
 * again with the answer under the same key.
 */
export class RoundTripTools {
  @Tool({ description: 'Asks the user for their name (MRTR: one elicitation)' })
  async test_input_required_result_elicitation(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('What is your name?', NAME_SCHEMA, { key: 'user_name' });
    return `Hello, ${nameOf(answer)}!`;
  }

  @Tool({ description: 'Asks the client model a question (MRTR: one sampling request)' })
  async test_input_required_result_sampling(@Call() call: McpCall): Promise<string> {
    const answer = await call.sample(CAPITAL_QUESTION, { key: 'capital_question' });
    return `The model answered: ${sampledText(answer)}`;
  }

  @Tool({ description: "Lists the client's roots (MRTR: one roots/list request)" })
  async test_input_required_result_list_roots(@Call() call: McpCall): Promise<string> {
    const roots = await call.roots({ key: 'client_roots' });
    return `Roots: ${roots.map((root) => root.uri).join(', ') || '(none)'}`;
  }

  @Tool({ description: 'Asks for a confirmation; the state round-trips sealed' })
  async test_input_required_result_request_state(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Please confirm', OK_SCHEMA, { key: 'confirm' });
    return `Confirmed: ${answer.action === 'accept' ? String(answer.content.ok) : answer.action}`;
  }

  @Tool({ description: 'Asks three things at once: a name, a completion and the roots' })
  async test_input_required_result_multiple_inputs(@Call() call: McpCall): Promise<string> {
    const [name, capital, roots] = await Promise.all([
      call.elicit('What is your name?', NAME_SCHEMA, { key: 'user_name' }),
      call.sample(CAPITAL_QUESTION, { key: 'capital_question' }),
      call.roots({ key: 'client_roots' }),
    ]);
    return `Hello, ${nameOf(name)}! The model said ${sampledText(capital)}; ${roots.length} root(s).`;
  }

  @Tool({ description: 'Asks for a name, then for a favourite color (two rounds)' })
  async test_input_required_result_multi_round(@Call() call: McpCall): Promise<string> {
    const name = await call.elicit('What is your name?', NAME_SCHEMA, { key: 'user_name' });
    const color = await call.elicit(
      'What is your favorite color?',
      { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      { key: 'favorite_color' },
    );
    const chosen = color.action === 'accept' ? String(color.content.color) : color.action;
    return `Hello, ${nameOf(name)}! Your favorite color is ${chosen}.`;
  }

  @Tool({ description: 'Asks for a confirmation; a tampered state is refused' })
  async test_input_required_result_tampered_state(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit('Please confirm', OK_SCHEMA, { key: 'confirm' });
    return `Confirmed: ${answer.action}`;
  }

  @Tool({ description: 'Asks only what the client declared it can answer' })
  async test_input_required_result_capabilities(@Call() call: McpCall): Promise<string> {
    const capabilities = call.clientCapabilities ?? {};
    const asks: Promise<unknown>[] = [];
    if (capabilities.sampling !== undefined)
      asks.push(call.sample(CAPITAL_QUESTION, { key: 'capital_question' }));
    if (capabilities.elicitation !== undefined)
      asks.push(call.elicit('What is your name?', NAME_SCHEMA, { key: 'user_name' }));
    if (capabilities.roots !== undefined) asks.push(call.roots({ key: 'client_roots' }));
    const answers = await Promise.all(asks);
    return `Answered ${answers.length} question(s).`;
  }

  @Tool({ description: 'Needs sampling, whether or not the client declared it' })
  async test_missing_capability(@Call() call: McpCall): Promise<string> {
    // A modern client without the sampling capability gets -32021 naming it.
    const answer = await call.sample(CAPITAL_QUESTION, { key: 'capital_question' });
    return sampledText(answer);
  }

  @Tool({ description: 'Elicits while reporting progress on the response stream' })
  async test_streaming_elicitation(@Call() call: McpCall): Promise<string> {
    call.progress(0, 1, 'Asking the user');
    const answer = await call.elicit('What is your name?', NAME_SCHEMA, { key: 'user_name' });
    return `Hello, ${nameOf(answer)}!`;
  }

  @Tool({ description: 'Logs three messages (sent only when the request asks for a level)' })
  test_logging_tool(@Call() call: McpCall): string {
    call.log('info', 'Tool execution started');
    call.log('info', 'Tool processing data');
    call.log('info', 'Tool execution completed');
    return 'Logged three messages.';
  }

  @Tool({ description: 'Changes the tool list (disables and enables a tool)' })
  test_trigger_tool_change(): string {
    app.disable('test_toggled_tool', 'tool');
    app.enable('test_toggled_tool', 'tool');
    return 'The tool list changed.';
  }

  @Tool({ description: 'Changes the prompt list (disables and enables a prompt)' })
  test_trigger_prompt_change(): string {
    app.disable('test_toggled_prompt', 'prompt');
    app.enable('test_toggled_prompt', 'prompt');
    return 'The prompt list changed.';
  }

  @Tool({ description: 'A tool that comes and goes' })
  test_toggled_tool(): string {
    return 'Here.';
  }

  // SEP-2243: `region` is mirrored into the Mcp-Param-Region header, which the server checks.
  @Tool({
    description: 'Runs in a region named by a header (x-mcp-header)',
    input: {
      type: 'object',
      properties: {
        region: { type: 'string', description: 'Where to run', 'x-mcp-header': 'Region' },
        query: { type: 'string', description: 'What to run' },
      },
      required: ['region'],
    },
  })
  test_header_param(args: { region: string; query?: string }): string {
    return `Ran ${args.query ?? 'nothing'} in ${args.region}.`;
  }
}

/** Tools that speak to the client while they run, through their `@Call()` channel. */
export class ChannelTools {
  @Tool({ description: 'Tests tool that emits log messages during execution' })
  async test_tool_with_logging(@Call() call: McpCall): Promise<string> {
    call.log('info', 'Tool execution started');
    await sleep(50);
    call.log('info', 'Tool processing data');
    await sleep(50);
    call.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @Tool({ description: 'Tests tool that reports progress notifications' })
  async test_tool_with_progress(@Call() call: McpCall): Promise<string> {
    // A no-op without `_meta.progressToken`: the tool then just runs with its delays.
    call.progress(0, 100, 'Completed step 0 of 100');
    await sleep(50);
    call.progress(50, 100, 'Completed step 50 of 100');
    await sleep(50);
    call.progress(100, 100, 'Completed step 100 of 100');
    return `Progress reported for token ${String(call.meta.progressToken ?? '(none)')}`;
  }

  @Tool({
    description:
      'Tests SSE polling: closes the response stream mid-call; the result arrives on the stream the client resumes with Last-Event-ID (SEP-1699)',
  })
  async test_reconnection(@Call() call: McpCall): Promise<string> {
    // The stream is primed (an event id and `retry`) before it closes, so the client can resume.
    if (!call.closeStream())
      return 'The transport cannot close this stream (no resumable stream here).';
    await sleep(100);
    return 'Reconnection test completed successfully';
  }

  @Tool({
    description: 'Tests server-initiated sampling (LLM completion request)',
    input: z.object({ prompt: z.string().describe('The prompt to send to the LLM') }),
  })
  async test_sampling({ prompt }: { prompt: string }, @Call() call: McpCall): Promise<string> {
    // Without the client's `sampling` capability this rejects with a ToolError: an isError result.
    const result = await call.sample({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 100,
    });
    const content = result.content as { type?: string; text?: string } | undefined;
    return `LLM response: ${content?.type === 'text' ? content.text : JSON.stringify(content)}`;
  }

  @Tool({
    description: 'Tests server-initiated elicitation (user input request)',
    input: z.object({ message: z.string().describe('The message to show the user') }),
  })
  async test_elicitation({ message }: { message: string }, @Call() call: McpCall) {
    const result = await call.elicit(message, {
      type: 'object',
      properties: {
        username: { type: 'string', description: "User's response" },
        email: { type: 'string', description: "User's email address" },
      },
      required: ['username', 'email'],
    });
    return `User response: ${describeElicitation(result)}`;
  }

  // SEP-1034: a default for every primitive type.
  @Tool({ description: 'Tests elicitation with default values per SEP-1034' })
  async test_elicitation_sep1034_defaults(@Call() call: McpCall): Promise<string> {
    const result = await call.elicit('Please review and update the form fields with defaults', {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'User name', default: 'John Doe' },
        age: { type: 'integer', description: 'User age', default: 30 },
        score: { type: 'number', description: 'User score', default: 95.5 },
        status: {
          type: 'string',
          description: 'User status',
          enum: ['active', 'inactive', 'pending'],
          default: 'active',
        },
        verified: { type: 'boolean', description: 'Verification status', default: true },
      },
      required: [],
    });
    return `Elicitation completed: ${describeElicitation(result)}`;
  }

  // SEP-1330: the five enum shapes (untitled, titled, legacy enumNames; single and multi-select).
  @Tool({ description: 'Tests elicitation with enum schema improvements per SEP-1330' })
  async test_elicitation_sep1330_enums(@Call() call: McpCall): Promise<string> {
    const result = await call.elicit('Please select options from the enum fields', ENUM_FORM);
    return `Elicitation completed: ${describeElicitation(result)}`;
  }
}

const ENUM_FORM: Mcp.ElicitSchema = {
  type: 'object',
  properties: {
    untitledSingle: {
      type: 'string',
      description: 'Select one option',
      enum: ['option1', 'option2', 'option3'],
    },
    titledSingle: {
      type: 'string',
      description: 'Select one option with titles',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'Select one option (legacy)',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Select multiple options',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Select multiple options with titles',
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
  required: [],
};

function describeElicitation(result: { action: string; content?: unknown }): string {
  return `action=${result.action}, content=${JSON.stringify(result.content ?? {})}`;
}

/** The watched resource's text; it changes (and subscribers are told) while the server runs. */
let watched = 'Watched resource content';

/** Fixed resources, a template, and the resource clients subscribe to. */
export class TestResources {
  @Resource({
    uri: 'test://static-text',
    name: 'static-text',
    title: 'Static Text Resource',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
  })
  staticText(): string {
    return 'This is the content of the static text resource.';
  }

  @Resource({
    uri: 'test://static-binary',
    name: 'static-binary',
    title: 'Static Binary Resource',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
  })
  staticBinary(): Buffer {
    // Bytes are sent as `blob` (base64).
    return Buffer.from(PNG_1X1, 'base64');
  }

  @Resource({
    uriTemplate: 'test://template/{id}/data',
    name: 'template',
    title: 'Resource Template',
    description: 'A resource template with parameter substitution',
    mimeType: 'application/json',
    complete: { id: (value) => ['123', '456', '789'].filter((id) => id.startsWith(value)) },
  })
  templateData({ id }: { id: string }): string {
    return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
  }

  @Resource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    title: 'Watched Resource',
    description: 'A resource that auto-updates every 3 seconds',
    mimeType: 'text/plain',
  })
  watchedResource(): string {
    return watched;
  }
}

const CITIES = ['paris', 'park', 'party', 'test', 'testing', 'tests'];

const CONFIRM_SCHEMA: Mcp.ElicitSchema = {
  type: 'object',
  properties: { confirm: { type: 'boolean', description: 'Delete it?' } },
  required: ['confirm'],
};

/** Waits `ms`, or rejects as soon as `signal` aborts (a cancelled task stops its work). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The tools the tasks scenarios call (extension io.modelcontextprotocol/tasks, SEP-2663). Each
 * is an ordinary async method: `task` in `@Tool` makes its calls tasks for a client that
 * declares the extension; `call.signal` aborts on `tasks/cancel`; an ask puts the task into
 * `input_required` until `tasks/update` brings the answer.
 */
export class TaskTools {
  @Tool({ description: 'Greets someone (never a task)', input: z.object({ name: z.string() }) })
  greet({ name }: { name: string }): string {
    return `Hello, ${name}!`;
  }

  @Tool({
    description: 'Sleeps `seconds` seconds, then answers (a task for clients that declare tasks)',
    input: z.object({ seconds: z.number().min(0).max(600), label: z.string().optional() }),
    task: 'optional',
  })
  async slow_compute(
    { seconds, label }: { seconds: number; label?: string },
    @Call() call: McpCall,
  ): Promise<string> {
    call.progress(0, seconds, `Computing ${label ?? 'a result'}`);
    await pause(seconds * 1000, call.signal);
    return `Computed ${label ?? 'a result'} in ${seconds} s.`;
  }

  @Tool({ description: 'Fails as a tool does, after a second (only as a task)', task: 'required' })
  async failing_job(@Call() call: McpCall): Promise<never> {
    await pause(1000, call.signal);
    throw new ToolError('The job failed: the input data set is empty.');
  }

  @Tool({ description: 'Breaks with an unexpected error (a failed task)', task: 'optional' })
  async protocol_error_job(@Call() call: McpCall): Promise<never> {
    await pause(200, call.signal);
    throw new Error('protocol_error_job broke on purpose');
  }

  @Tool({
    description: 'Asks the user to confirm, then deletes the file (a task)',
    input: z.object({ filename: z.string() }),
    task: 'optional',
  })
  async confirm_delete({ filename }: { filename: string }, @Call() call: McpCall): Promise<string> {
    const answer = await call.elicit(`Delete ${filename}?`, CONFIRM_SCHEMA, { key: 'confirm' });
    return answer.action === 'accept' && answer.content.confirm === true
      ? `Deleted ${filename}.`
      : `Kept ${filename}.`;
  }

  @Tool({ description: 'Asks two things at once (a task)', task: 'optional' })
  async multi_input(@Call() call: McpCall): Promise<string> {
    const [name, confirm] = await Promise.all([
      call.elicit('What is your name?', NAME_SCHEMA, { key: 'name' }),
      call.elicit('Go ahead?', CONFIRM_SCHEMA, { key: 'confirm' }),
    ]);
    return `Got ${nameOf(name)} and ${confirm.action}.`;
  }

  @Tool({
    description: 'Asks for a name before it becomes a task, then greets as a task',
    task: 'required',
    taskStart: 'manual',
  })
  async test_tool_with_task(@Call() call: McpCall): Promise<string> {
    // Before startTask: an ordinary 2026-07-28 ask (input_required, then a retry of the call).
    const answer = await call.elicit('What is your name?', NAME_SCHEMA, { key: 'user_name' });
    await call.startTask();
    return `Hello, ${nameOf(answer)}!`;
  }
}

/** Prompts: plain, with arguments (and their completion), with a resource, with an image. */
export class TestPrompts {
  @Prompt({ description: 'A prompt that asks the user for context first (MRTR on prompts/get)' })
  async test_input_required_result_prompt(@Call() call: McpCall): Promise<string> {
    const answer = await call.elicit(
      'What context should the prompt use?',
      { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
      { key: 'prompt_context' },
    );
    const context = answer.action === 'accept' ? String(answer.content.context) : answer.action;
    return `Use this context: ${context}`;
  }

  @Prompt({ description: 'A prompt that comes and goes' })
  test_toggled_prompt(): string {
    return 'Here.';
  }

  @Prompt({ title: 'Simple Test Prompt', description: 'A simple prompt without arguments' })
  test_simple_prompt(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({
    title: 'Prompt With Arguments',
    description: 'A prompt with required arguments',
    args: z.object({
      arg1: z.string().describe('First test argument'),
      arg2: z.string().describe('Second test argument'),
    }),
    complete: {
      arg1: (value) => CITIES.filter((city) => city.startsWith(value.toLowerCase())),
      arg2: (value) => CITIES.filter((city) => city.startsWith(value.toLowerCase())),
    },
  })
  test_prompt_with_arguments({ arg1, arg2 }: { arg1: string; arg2: string }): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({
    title: 'Prompt With Embedded Resource',
    description: 'A prompt that includes an embedded resource',
    args: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
  })
  test_prompt_with_embedded_resource({ resourceUri }: { resourceUri: string }) {
    return [
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: {
            uri: resourceUri,
            mimeType: 'text/plain',
            text: 'Embedded resource content for testing.',
          },
        },
      },
      'Please process the embedded resource above.',
    ];
  }

  @Prompt({ title: 'Prompt With Image', description: 'A prompt that includes image content' })
  test_prompt_with_image() {
    return [
      { role: 'user', content: { type: 'image', data: PNG_1X1, mimeType: 'image/png' } },
      'Please analyze the image above.',
    ];
  }
}

export const app = McpApplication.create({
  name: 'declarative-mcp-conformance',
  version: '1.0.0',
  title: 'declarative-mcp conformance server',
  instructions:
    'The server the official MCP conformance suite tests: one tool, resource or prompt per scenario.',
  providers: [
    ContentTools,
    ChannelTools,
    RoundTripTools,
    TaskTools,
    TestResources,
    TestPrompts,
    // The skills example's skills, for the sep-2640-skills-* scenarios (one server per revision).
    PdfProcessing,
    DailyReport,
  ],
  skills,
  subscriptions: true,
  listChanged: true,
});

/** `--port N`, `--port=N` or a bare number on the command line; else `PORT`; else 0. */
function portOf(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  let given: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') given = argv[++i];
    else if (arg.startsWith('--port=')) given = arg.slice('--port='.length);
    else if (/^\d+$/.test(arg)) given = arg;
  }
  given ??= env.PORT ?? '0';
  const port = Number(given);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Not a port: ${given}. Give --port N with N from 0 (any free port) to 65535.`);
  }
  return port;
}

/**
 * The same application through `declarative-mcp/fetch`, mounted in a Hono app on
 * `@hono/node-server` (`--hono`): the conformance suite then tests the fetch face. Sessions kept
 * for 2025-11-25; a fetch handler does not see the socket, so the loopback names are given.
 */
async function serveOnHono(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const { serve } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const { createFetchHandler } = await import('declarative-mcp/fetch');
  const handler = createFetchHandler(app, {
    path: '/mcp',
    sessions: true,
    allowedHosts: ['127.0.0.1', 'localhost'],
  });
  const hono = new Hono();
  hono.all('/mcp', (c) => handler(c.req.raw));
  return new Promise((resolve) => {
    const server = serve({ fetch: hono.fetch, port, hostname: '127.0.0.1' }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}/mcp`,
        close: async () => {
          await handler.close();
          await new Promise((closed) => server.close(closed));
        },
      }),
    );
  });
}

async function main(): Promise<void> {
  const port = portOf(process.argv.slice(2), process.env);
  const server = process.argv.includes('--hono')
    ? await serveOnHono(port)
    : await serveHttp(app, { port, host: '127.0.0.1', path: '/mcp' });
  // One line on stdout, read by scripts/conformance.js; nothing else goes to stdout.
  process.stdout.write(`listening ${server.url}\n`);
  const ticker = setInterval(() => {
    watched = `Watched resource content, updated at ${new Date().toISOString()}`;
    app.notifyResourceUpdated('test://watched-resource');
  }, 3000);
  ticker.unref();
  const stop = (): void => {
    clearInterval(ticker);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
