import { createHmac } from 'node:crypto';
import { HTTPSnippet, type HarRequest } from 'httpsnippet';
import type { ExampleModel, OpenApiDocument, OperationModel } from './operation-model.ts';

/**
 * Request samples generated from an operation and its example with httpsnippet (Kong), so they
 * cannot drift from the spec. Each sample is signed for real with the documented example key, so
 * a reader can check their signing code against any sample.
 */

/** The sandbox credentials used in every sample (the same as the worked example of /request_format). */
export const SAMPLE_CREDENTIALS = { pointId: 'pt_7Hq2Lx9Vd3', secretKey: 'sk_sandbox_9f3b2c7e1a4d', timestamp: '1760430000' } as const;

/**
 * Languages in tab order, with the httpsnippet target. PHP uses Guzzle, and Python and JavaScript get
 * the body as a plain string: the cURL-extension PHP target (`json_encode`), `requests`' `json=` and
 * the fetch target (which re-serializes JSON) would change the bytes after they were signed, the first
 * mistake /request_format warns about. Request examples are ASCII (a test checks it): string
 * literals then mean the same bytes in every language, and Python's `requests` sends a str body as
 * Latin-1, so a non-ASCII letter would be signed and sent differently.
 */
export const SAMPLE_LANGUAGES = [
  { lang: 'http', target: 'http', client: 'http1.1' },
  { lang: 'bash', target: 'shell', client: 'curl' },
  { lang: 'php', target: 'php', client: 'guzzle' },
  { lang: 'python', target: 'python', client: 'requests', rawBody: true },
  { lang: 'javascript', target: 'javascript', client: 'fetch', rawBody: true },
  { lang: 'java', target: 'java', client: 'okhttp' },
  { lang: 'kotlin', target: 'kotlin', client: 'okhttp' },
] as const;

export interface RequestSample {
  lang: (typeof SAMPLE_LANGUAGES)[number]['lang'];
  code: string;
}

/** The exact bytes sent: compact JSON (request examples are ASCII; anything else is escaped as `\u00e3`). */
export function wireBody(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `X-Signature`: lowercase hex HMAC-SHA256 of `{timestamp}.{raw body}` with the point's secret key. */
export function signRequest(secretKey: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secretKey).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

function sampleServer(doc: OpenApiDocument): string {
  const servers = (doc.servers ?? []) as Array<{ url: string; description?: string }>;
  const sandbox = servers.find((s) => /sandbox/i.test(`${s.description ?? ''} ${s.url}`)) ?? servers[0];
  return new URL(sandbox?.url ?? 'https://example.invalid').origin;
}

/** The HAR request for `example` (the body), with header and query values from the parameters' examples. */
export function sampleRequest(doc: OpenApiDocument, op: OperationModel, example: ExampleModel | undefined): { har: HarRequest; body?: string } {
  const body = op.requestMediaType && example ? wireBody(example.value) : undefined;
  const headers: Array<{ name: string; value: string }> = [];
  if (body !== undefined) headers.push({ name: 'Content-Type', value: op.requestMediaType! });
  if (op.signed) {
    headers.push({ name: 'X-Point-Id', value: SAMPLE_CREDENTIALS.pointId });
    headers.push({ name: 'X-Timestamp', value: SAMPLE_CREDENTIALS.timestamp });
    headers.push({ name: 'X-Signature', value: signRequest(SAMPLE_CREDENTIALS.secretKey, SAMPLE_CREDENTIALS.timestamp, body ?? '') });
  }
  const queryString: Array<{ name: string; value: string }> = [];
  for (const p of op.params) {
    const value = p.example;
    if (value === undefined || p.location === 'body') continue;
    if (p.location === 'header') headers.push({ name: p.name, value: String(value) });
    else queryString.push({ name: p.name, value: String(value) });
  }
  const url = sampleServer(doc) + op.path;
  const har = {
    method: op.method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString,
    headersSize: -1,
    bodySize: -1,
    ...(body !== undefined ? { postData: { mimeType: op.requestMediaType!, text: body } } : {}),
  } as HarRequest;
  return { har, body };
}

/** One sample per language in `SAMPLE_LANGUAGES`, for `example` of `op`. */
export function requestSamples(doc: OpenApiDocument, op: OperationModel, example: ExampleModel | undefined): RequestSample[] {
  const { har } = sampleRequest(doc, op, example);
  // httpsnippet parses a JSON body and lets some targets re-serialize it; a non-JSON mime type keeps it a string.
  const raw: HarRequest = har.postData ? { ...har, postData: { ...har.postData, mimeType: 'text/plain' } } : har;
  return SAMPLE_LANGUAGES.map((l) => {
    const snippet = new HTTPSnippet('rawBody' in l && l.rawBody ? raw : har);
    const out = snippet.convert(l.target as never, l.client, { indent: '  ' });
    const code = Array.isArray(out) ? out[0] : out;
    if (typeof code !== 'string') throw new Error(`httpsnippet produced no ${l.lang} sample for ${op.id}`);
    return { lang: l.lang, code: code.trimEnd() };
  });
}
