/**
 * client.ts: one exported async function per call of the registry, named as the
 * platform names it (querySysRole, addSysRole, ..., token), sending the platform's
 * payload conventions through a pluggable transport (no HTTP library imported). Calls sharing a
 * name (`sysuser/queryUsername`, `task/queryUsername`) are each named after their URL
 * (`adminSysuserQueryUsername`, `activitiTaskQueryUsername`: schemas/registry/callRefs.ts).
 */
import { RegistryError, type RegistryIssue } from '../schemas/registry/loadRegistry.ts';
import { clientName } from '../schemas/registry/callRefs.ts';
import type { CallDef, Registry, Resource } from '../schemas/registry/types.ts';
import { typeNames } from './emitTypes.ts';
import { generatedFile, isReservedWord, jsDoc, quote } from './tsSource.ts';

/** Names the client module itself exports or uses; no call may take them. */
const CLIENT_NAMES = new Set(['setTransport', 'send', 'transport', 'fileForm', 'RequestConfig', 'Transport', 'CallOptions']);

const TRANSPORT = `export interface RequestConfig {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sent in the query string. */
  params?: Record<string, unknown>;
  /** Sent as the JSON body (a FormData as multipart/form-data). */
  data?: unknown;
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
}

/** Sends a request and resolves with the response body (the envelope, a raw object or a Blob). */
export interface Transport {
  request<T>(config: RequestConfig): Promise<T>;
}

/** Per-call extras merged into the request. */
export interface CallOptions {
  headers?: Record<string, string>;
}

let transport: Transport | undefined;

/** Install the transport every generated call goes through (the console's HTTP client). */
export function setTransport(t: Transport): void {
  transport = t;
}

function send<T>(config: RequestConfig, options?: CallOptions): Promise<T> {
  if (!transport) {
    return Promise.reject(new Error('No transport: call setTransport() before calling the API'));
  }
  const headers = options?.headers ? { ...config.headers, ...options.headers } : config.headers;
  return transport.request<T>(headers ? { ...config, headers } : config);
}`;

interface CallSource {
  call: CallDef;
  resource: Resource;
  pointer: string;
}

/** Where each call is declared in its resource file. */
function callSources(registry: Registry): CallSource[] {
  const out: CallSource[] = [];
  for (const resource of registry.resources) {
    let declared = 0;
    for (const call of resource.calls) {
      const pointer = call.verb === 'custom' ? `/calls/${declared++}/name` : '/name';
      out.push({ call, resource, pointer });
    }
  }
  return out;
}

/** Every call becomes one exported function: function names must be unique across resources. */
function checkNames(sources: CallSource[]): void {
  const issues: RegistryIssue[] = [];
  const seen = new Map<string, CallSource>();
  for (const s of sources) {
    const name = clientName(s.call);
    const prior = seen.get(name);
    if (prior) {
      issues.push({
        file: s.resource.file,
        pointer: s.pointer,
        message: `client function "${name}" of call ${s.call.url} is also the function of ${prior.call.url} (${prior.resource.file} at ${prior.pointer}): every call becomes one client function, so their names must be unique`,
      });
    } else if (CLIENT_NAMES.has(name) || isReservedWord(name)) {
      issues.push({ file: s.resource.file, pointer: s.pointer, message: `"${name}" cannot name a client function` });
    }
    seen.set(name, s);
  }
  if (issues.length) throw new RegistryError(issues);
}

/**
 * Interfaces have no index signature, so a typed params object is spread into a fresh
 * object literal to fit RequestConfig.params (Record<string, unknown>).
 */
const TYPED_PARAMS = 'params: { ...params }';

interface FunctionShape {
  args: string[];
  result: string;
  config: string[];
  imports: string[];
}

function standardShape(call: CallDef, r: Resource): FunctionShape {
  const record = typeNames.record(r);
  const query = typeNames.query(r);
  const input = typeNames.input(r);
  switch (call.verb) {
    case 'query':
      return {
        args: [`params: ${query} = {}`],
        result: `Envelope<Page<${record}>>`,
        config: [TYPED_PARAMS],
        imports: ['Envelope', 'Page', record, query],
      };
    case 'tree':
      return {
        args: ['params: Record<string, unknown> = {}'],
        result: `Envelope<TreeNode<${record}>[]>`,
        config: ['params'],
        imports: ['Envelope', 'TreeNode', record],
      };
    case 'add':
      // add and update answer the stored record, as a list would show it.
      return { args: [`data: ${input}`], result: `Envelope<${record}>`, config: ['data'], imports: ['Envelope', input, record] };
    case 'update':
      return {
        args: [`data: Partial<${input}> & { id: number }`],
        result: `Envelope<${record}>`,
        config: ['data'],
        imports: ['Envelope', input, record],
      };
    case 'delete':
      if (r.actions.some((a) => a.name === 'delete' && a.typeToConfirm)) {
        // The typed values of the confirm field (typeToConfirm), one per record, are required.
        return {
          args: ['target: { id: number | number[]; confirm: string | string[] }'],
          result: 'Envelope<unknown>',
          config: ["params: { id: [target.id].flat().join(','), confirm: [target.confirm].flat().join(',') }"],
          imports: ['Envelope'],
        };
      }
      return {
        args: ['ids: number | number[]'],
        result: 'Envelope<unknown>',
        config: ["params: { id: [ids].flat().join(',') }"],
        imports: ['Envelope'],
      };
    case 'export':
      return {
        args: [`data: ${query} & { isTemplate?: 1; columns?: string[] } = {}`],
        result: 'Blob',
        config: ['data', "responseType: 'blob'"],
        imports: [query],
      };
    case 'exportWord':
    case 'exportPdf':
      return {
        args: [`data: ${query} & { columns?: string[] } = {}`],
        result: 'Blob',
        config: ['data', "responseType: 'blob'"],
        imports: [query],
      };
    case 'import':
      return {
        args: ['file: Blob'],
        result: 'Envelope<{ imported: number }>',
        config: ['data: fileForm(file)'],
        imports: ['Envelope'],
      };
    default:
      throw new Error(`no standard shape for verb ${call.verb}`);
  }
}

function hasRequired(schema: { required?: unknown } | undefined): boolean {
  return Array.isArray(schema?.required) && schema.required.length > 0;
}

/**
 * A declared call sends params from its query schema and data from its body schema.
 * A call that declares neither takes optional free-form params (and data unless GET).
 */
function customShape(call: CallDef): FunctionShape {
  const args: string[] = [];
  const config: string[] = [];
  const imports: string[] = [];
  if (call.query) {
    const t = typeNames.params(call);
    // Optional only when nothing is required and no required body follows.
    args.push(hasRequired(call.query) || call.body ? `params: ${t}` : `params: ${t} = {}`);
    config.push(TYPED_PARAMS);
    imports.push(t);
  }
  if (call.body) {
    const t = typeNames.body(call);
    args.push(`data: ${t}`);
    config.push('data');
    imports.push(t);
  }
  if (!call.query && !call.body) {
    args.push('params?: Record<string, unknown>');
    config.push('params');
    if (call.method !== 'GET') {
      args.push('data?: unknown');
      config.push('data');
    }
  }
  let result = 'Envelope<unknown>';
  if (call.result === 'raw') result = 'Record<string, unknown>';
  if (call.result === 'blob') {
    result = 'Blob';
    config.push("responseType: 'blob'");
  }
  if (call.result === 'envelope') imports.push('Envelope');
  return { args, result, config, imports };
}

function emitFunction(call: CallDef, shape: FunctionShape): string {
  const doc = [`${call.method} ${call.url}`, ...(call.description !== call.name ? [call.description] : [])];
  if (call.permission) doc.push(`Button permission: ${call.permission}.`);
  const args = [...shape.args, 'options?: CallOptions'].join(', ');
  const config = [`method: ${quote(call.method)}`, `url: ${quote(call.url)}`, ...shape.config].join(', ');
  const signature = `export async function ${clientName(call)}(${args}): Promise<${shape.result}> {`;
  const body = `  return send<${shape.result}>({ ${config} }, options);`;
  return `${jsDoc(doc)}\n${signature}\n${body}\n}`;
}

/** An event stream stays open and is read as it comes (with fetch): its URL, not a function that waits for a whole answer. */
function emitStreamUrl(call: CallDef): string {
  const doc = [
    `${call.method} ${call.url}: an event stream (text/event-stream)`,
    ...(call.description !== call.name ? [call.description] : []),
  ];
  return `${jsDoc(doc)}\nexport const ${clientName(call)}Url = ${quote(call.url)};`;
}

/** The import calls send their file as multipart/form-data, in the field "file". */
const FILE_FORM = `/** A spreadsheet as the multipart/form-data body of an import call (file field "file"). */
function fileForm(file: Blob): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}`;

/** Generate client.ts. Throws RegistryError when two calls share a name. */
export function emitClient(registry: Registry): string {
  const sources = callSources(registry);
  checkNames(sources);
  const imports = new Set<string>();
  const blocks: string[] = [];
  let current: Resource | undefined;
  for (const { call, resource } of sources) {
    let fn: string;
    if (call.result === 'stream') fn = emitStreamUrl(call);
    else {
      const shape = call.verb === 'custom' ? customShape(call) : standardShape(call, resource);
      shape.imports.forEach((i) => imports.add(i));
      fn = emitFunction(call, shape);
    }
    blocks.push(resource === current ? fn : `// ${resource.name} (${resource.file})\n${fn}`);
    current = resource;
  }
  const sorted = [...imports].sort();
  const importLine = sorted.length === 0 ? '' : `import type { ${sorted.join(', ')} } from './types.ts';\n\n`;
  const helpers = sources.some((s) => s.call.verb === 'import') ? `\n\n${FILE_FORM}` : '';
  return generatedFile(`${importLine}${TRANSPORT}${helpers}\n\n${blocks.join('\n\n')}`);
}

/**
 * Generate queryAndBody.ts: the query parameters of the custom calls that take both query
 * parameters and a body, by client function name. A module of its own: client.ts is whole in
 * the sign-in page's download, and only the generic caller (runtime/resource/api.ts) needs this.
 */
export function emitQueryAndBody(registry: Registry): string {
  const sources = callSources(registry);
  const entries = sources
    .filter((s) => s.call.verb === 'custom' && s.call.query && s.call.body && s.call.result !== 'stream')
    .map(
      (s) =>
        `  ${clientName(s.call)}: [${Object.keys(s.call.query?.properties ?? {})
          .map(quote)
          .join(', ')}],`,
    );
  const doc = [
    'The query parameters of the calls that take both query parameters and a body, by function',
    "name: a caller holding one set of values (a run action's) sends these in the query string",
    'and the others in the body.',
  ];
  return generatedFile(
    `${jsDoc(doc)}\nexport const queryAndBody: Readonly<Record<string, readonly string[]>> = {\n${entries.join('\n')}\n};`,
  );
}
