import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { describeOperation, listOperations, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { requestSamples, SAMPLE_CREDENTIALS, SAMPLE_LANGUAGES, signRequest, wireBody } from '../../cli/pipeline/compile/api/request-samples.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const doc = YAML.parse(readFileSync(path.join(PROJECT_ROOT, 'content/api/openapi.yaml'), 'utf8')) as OpenApiDocument;
const LOCALES = { en: 'content/docs', ru: 'content/i18n/ru' } as const;
const read = (rel: string) => readFileSync(path.join(PROJECT_ROOT, rel), 'utf8');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`);
}

/** Fenced blocks of a Markdown file: language, meta and code. */
function fences(text: string): Array<{ lang: string; meta: string; code: string; line: number }> {
  return [...text.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, meta: m[2]!.trim(), code: m[3]!, line: text.slice(0, m.index).split('\n').length }));
}

/** Words of prose: paragraphs, lists and admonitions, without code, tables, directives and link targets. */
function proseWords(text: string): number {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^```[\s\S]*?^```/gm, '').replace(/^:::tabs[\s\S]*?^:::$/gm, '');
  return body
    .split('\n')
    .filter((l) => !l.startsWith('|') && !l.startsWith('#') && !/^::?:?[a-z]/.test(l.trim()) && l.trim() !== ':::')
    .join(' ')
    .replace(/\]\([^)]*\)/g, ']')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const apiPages = listOperations(doc).map((o) => o.page!);

describe('cli/pipeline/compile/api/request-samples', () => {
  it('generates a sample per language that sends exactly the signed bytes', () => {
    for (const o of listOperations(doc).filter((x) => x.kind === 'path')) {
      const op = describeOperation(doc, o.id)!;
      for (const example of op.requestExamples.length ? op.requestExamples : [undefined]) {
        const samples = requestSamples(doc, op, example);
        expect(samples.map((s) => s.lang)).toEqual(['http', 'bash', 'php', 'python', 'javascript', 'java', 'kotlin']);
        const body = example ? wireBody(example.value) : '';
        const signature = hmac(SAMPLE_CREDENTIALS.secretKey, `${SAMPLE_CREDENTIALS.timestamp}.${body}`);
        expect(signRequest(SAMPLE_CREDENTIALS.secretKey, SAMPLE_CREDENTIALS.timestamp, body)).toBe(signature);
        for (const s of samples) {
          expect(s.code, `${o.id} ${s.lang}`).toContain(signature);
          expect(s.code, `${o.id} ${s.lang}`).toContain(op.path);
          if (!body) continue;
          // The body appears as is (HTTP, cURL) or as a string literal of the language (backslashes doubled in
          // PHP and JavaScript single quotes; JSON-style escapes in Python, Java, Kotlin); never re-serialized.
          const literal = s.code.includes(body) || s.code.includes(body.replace(/\\/g, '\\\\')) || s.code.includes(JSON.stringify(body).slice(1, -1));
          expect(literal, `${o.id} ${s.lang}: body not sent as signed`).toBe(true);
        }
        expect(samples.find((s) => s.lang === 'python')!.code).toMatch(/requests\.(post|get)\(url, (data=payload|headers)/);
        expect(samples.find((s) => s.lang === 'php')!.code).not.toContain('json_encode');
      }
    }
  });

  it('request examples are ASCII, so each language\'s string literal holds exactly the signed bytes', () => {
    for (const o of listOperations(doc)) {
      for (const e of describeOperation(doc, o.id)!.requestExamples) expect(wireBody(e.value), `${o.id} ${e.key}`).toBe(JSON.stringify(e.value));
    }
  });

  it('escapes non-ASCII in a body rather than sending bytes that differ by language', () => {
    expect(wireBody({ first_name: 'João' })).toBe('{"first_name":"Jo\\u00e3o"}');
    expect(JSON.parse(wireBody({ first_name: 'João' }))).toEqual({ first_name: 'João' });
  });

  it('covers every language the docs highlight', () => {
    expect(SAMPLE_LANGUAGES.map((l) => l.lang).sort()).toEqual(['bash', 'http', 'java', 'javascript', 'kotlin', 'php', 'python']);
  });
});

describe('content: API pages', () => {
  it('every JSON sample in the docs parses', () => {
    let count = 0;
    for (const file of [...markdownFiles(LOCALES.en), ...markdownFiles(LOCALES.ru)]) {
      for (const f of fences(read(file)).filter((x) => x.lang === 'json')) {
        count++;
        expect(() => JSON.parse(f.code), `${file}:${f.line}`).not.toThrow();
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('every API, integration and reference page has at least 150 words of prose outside code and tables, in both languages', () => {
    // The introduction, the top-level integration pages, and every page below /api, /invoicing and /reference.
    const TOP = new Set(['/', '/request_format', '/callbacks', '/callbacks_get', '/payment_page', '/reports', '/changelog']);
    const routes = read('test/fixtures/routes.txt')
      .split('\n')
      .map((l) => l.replace(/\s+\[.*\]$/, '').trim())
      .filter((r) => TOP.has(r) || /^\/(api|invoicing|reference)\/./.test(r));
    expect(routes).toEqual(expect.arrayContaining([...TOP, ...apiPages, '/api/api_methods', '/reference/api_error_codes', '/invoicing/page_customization']));
    for (const route of routes) {
      for (const dir of Object.values(LOCALES)) {
        const file = route === '/' ? `${dir}/intro.md` : `${dir}${route}.md`;
        expect(proseWords(read(file)), file).toBeGreaterThanOrEqual(150);
      }
    }
  });

  it('API pages keep no hand-written request or response JSON that the directive renders', () => {
    for (const route of apiPages.filter((r) => r.startsWith('/api/') || r.startsWith('/invoicing/'))) {
      for (const dir of Object.values(LOCALES)) {
        const text = read(`${dir}${route}.md`);
        const titles = fences(text).map((f) => f.meta);
        expect(titles.filter((t) => /title="(Request|Response|Запрос|Ответ)/.test(t)), `${dir}${route}.md`).toEqual([]);
      }
    }
  });
});

describe('content: /request_format', () => {
  for (const [locale, dir] of Object.entries(LOCALES)) {
    it(`the worked signature example recomputes (${locale})`, () => {
      const text = read(`${dir}/request_format.md`);
      const key = /`(sk_sandbox_[0-9a-f]+)`/.exec(text)![1]!;
      const ts = /`(\d{10})`/.exec(text.slice(text.indexOf(key)))![1]!;
      const body = /`(\{"order_id".*?\})`/.exec(text)![1]!;
      const signature = /`([0-9a-f]{64})`/.exec(text)![1]!;
      expect(hmac(key, `${ts}.${body}`)).toBe(signature);
      expect({ key, ts }).toEqual({ key: SAMPLE_CREDENTIALS.secretKey, ts: SAMPLE_CREDENTIALS.timestamp });
    });
  }

  it('the worked example body is a valid transaction/create request, the same in both languages', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema({ ...doc, $id: 'spec' });
    const validate = ajv.compile({ $ref: 'spec#/components/schemas/TransactionCreateRequest' });
    const worked = (dir: string) => {
      const text = read(`${dir}/request_format.md`);
      return { body: /`(\{"order_id".*?\})`/.exec(text)![1]!, signature: /`([0-9a-f]{64})`/.exec(text)![1]! };
    };
    const en = worked(LOCALES.en);
    // Copied as is, the body passes the request validation (no 2001 for a missing `type`, say).
    expect(validate(JSON.parse(en.body)), JSON.stringify(validate.errors)).toBe(true);
    // Compact JSON, exactly what a client sends and signs.
    expect(wireBody(JSON.parse(en.body))).toBe(en.body);
    expect(worked(LOCALES.ru)).toEqual(en);
  });

  it('the JavaScript and Python signing code on the page produce the worked example', () => {
    const text = read('content/docs/request_format.md');
    const body = /`(\{"order_id".*?\})`/.exec(text)![1]!;
    const signature = /`([0-9a-f]{64})`/.exec(text)![1]!;
    const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-sign-'));
    const js = fences(text).find((f) => f.lang === 'javascript')!.code;
    writeFileSync(path.join(dir, 'sign.mjs'), `${js}\nconsole.log(corvopaySign(${JSON.stringify(SAMPLE_CREDENTIALS.secretKey)}, '${SAMPLE_CREDENTIALS.timestamp}', ${JSON.stringify(body)}));\n`);
    expect(execFileSync(process.execPath, [path.join(dir, 'sign.mjs')], { encoding: 'utf8' }).trim()).toBe(signature);
    const python = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p));
    if (python) {
      const py = fences(text).find((f) => f.lang === 'python')!.code;
      writeFileSync(path.join(dir, 'sign.py'), `${py}\nprint(corvopay_sign(${JSON.stringify(SAMPLE_CREDENTIALS.secretKey)}, '${SAMPLE_CREDENTIALS.timestamp}', ${JSON.stringify(body)}.encode()))\n`);
      expect(execFileSync(python, [path.join(dir, 'sign.py')], { encoding: 'utf8' }).trim()).toBe(signature);
    }
  });

  it('shows the signing code in every language but HTTP, in both locales', () => {
    for (const dir of Object.values(LOCALES)) {
      const text = read(`${dir}/request_format.md`);
      const tabs = text.slice(text.indexOf('{#signing-algorithm}'), text.indexOf('{#common-signing-mistakes}'));
      expect(fences(tabs).map((f) => f.lang)).toEqual(['bash', 'php', 'python', 'javascript', 'java', 'kotlin']);
    }
  });
});

describe('content: /callbacks and /callbacks_get', () => {
  const webhook = describeOperation(doc, 'callback_status_changed')!;
  const getHook = describeOperation(doc, 'callback_status_changed_get')!;

  it('verification code in every server language, on both pages, in both locales', () => {
    for (const dir of Object.values(LOCALES)) {
      for (const page of ['callbacks', 'callbacks_get']) {
        const text = read(`${dir}/${page}.md`);
        const section = text.slice(text.indexOf('{#verifying-the-signature}'));
        expect(fences(section).map((f) => f.lang), `${dir}/${page}.md`).toEqual(['php', 'python', 'javascript', 'java', 'kotlin']);
        // The code reads what the payload has: the fields it uses exist in the spec.
        for (const field of ['order_id', 'status']) expect(webhook.params.some((p) => p.name === `transaction.${field}`) || getHook.params.some((p) => p.name === field)).toBe(true);
      }
    }
  });

  it('the payload of every example is a transaction.status_changed event with a full transaction', () => {
    expect(webhook.requestExamples.map((e) => e.key)).toEqual(['payin_success', 'payout_failed', 'refund', 'card_saved']);
    for (const e of webhook.requestExamples) expect((e.value as { event: string }).event).toBe('transaction.status_changed');
    expect(webhook.responseExamples.map((e) => e.value)).toEqual(['OK']);
  });

  it('the retry schedule and acknowledgement agree between the pages and the spec', () => {
    for (const dir of Object.values(LOCALES)) {
      const post = read(`${dir}/callbacks.md`);
      const row = post.split('\n').filter((l) => l.startsWith('|'))[2]!;
      expect(row.split('|').slice(2, -1).map((c) => c.trim())).toEqual(dir === LOCALES.en ? ['1 min', '5 min', '15 min', '30 min', '1 h', '3 h', '6 h', '12 h', '24 h'] : ['1 мин', '5 мин', '15 мин', '30 мин', '1 ч', '3 ч', '6 ч', '12 ч', '24 ч']);
      expect(post).toContain('`OK`');
      expect(read(`${dir}/callbacks_get.md`)).toMatch(/1, 5, 15 (and|и) 30 (minutes|минут)/);
    }
    expect(webhook.responseDescription!.text).toContain('10 seconds');
  });

  it('the GET example URL is signed as the page describes (sorted, RFC 3986, HMAC of timestamp.query)', () => {
    const params = getHook.params.filter((p) => p.required && p.name !== 'signature');
    const canonical = params
      .map((p) => [p.name, String(p.example)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1))
      .map(([k, v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v!)}`)
      .join('&');
    const signature = getHook.params.find((p) => p.name === 'signature')!.example;
    expect(hmac(SAMPLE_CREDENTIALS.secretKey, `${params.find((p) => p.name === 'timestamp')!.example}.${canonical}`)).toBe(signature);
  });
});
