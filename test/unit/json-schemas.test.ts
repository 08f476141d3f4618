import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type AnySchema } from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CategorySchema, FrontmatterSchema } from '../../config/index.ts';
import { RedirectSchema, RedirectsSchema } from '../../config/schemas/redirects.ts';

/**
 * The JSON Schemas that scripts/write-schemas.mjs writes into schemas/ at compile time (`npm test`
 * compiles first), for editors. They must say what the build says: the same fields, the same
 * required ones, and the same verdict on a page.
 */
const SCHEMAS_DIR = path.resolve(import.meta.dirname, '../../schemas');

function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as Record<string, unknown>;
}

/** The schema as zod writes it today, without what the generator adds (titles and doc comments): a stale file differs. */
function withoutDocs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDocs);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // `properties` maps field names to schemas: a field named `description` or `title` is kept.
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, s]) => [k, withoutDocs(s)]));
    else if (key !== 'title' && key !== 'description' && key !== 'markdownDescription') out[key] = withoutDocs(v);
  }
  return out;
}

// VS Code's YAML extension reads `markdownDescription`; ajv, strict about unknown keywords, is told of it.
const ajv = new Ajv({ allErrors: true, keywords: ['markdownDescription'] });

const cases = [
  {
    file: 'frontmatter.schema.json',
    zod: FrontmatterSchema,
    keys: Object.keys(FrontmatterSchema.shape),
    valid: { title: 'Create a transaction', description: 'One call.', sidebar_position: 2, slug: '/api/create', keywords: ['payment'], draft: false, pagination_next: null },
    invalid: [{ title: 'Typo', sidbar_position: 1 }, { title: '', description: 'an empty title' }, { title: 'x', sidebar_position: 'first' }, { title: 'x', slug: 'no-leading-slash' }],
  },
  {
    file: 'category.schema.json',
    zod: CategorySchema,
    keys: Object.keys(CategorySchema.shape),
    valid: { label: 'HTTP API', position: 3, collapsed: false },
    invalid: [{ position: 1 }, { label: 'API', colapsed: true }],
  },
  {
    file: 'redirects.schema.json',
    zod: RedirectsSchema,
    keys: Object.keys(RedirectSchema.shape),
    valid: [{ from: '/services/card_credit', to: '/services/card_payout' }],
    invalid: [[{ from: '/old/', to: '/new' }], [{ from: '/old' }], { from: '/old', to: '/new' }],
  },
] as const;

describe('JSON Schemas for editors (schemas/*.json)', () => {
  for (const c of cases) {
    describe(c.file, () => {
      const schema = readSchema(c.file);
      const validate = ajv.compile(schema as AnySchema);

      it('is what zod writes from the schema the build validates with (not stale)', () => {
        expect(withoutDocs(schema)).toEqual(withoutDocs(z.toJSONSchema(c.zod, { io: 'input', target: 'draft-07' })));
      });

      it("has exactly the zod schema's fields, each described from its doc comment where it has one", () => {
        const object = (c.file === 'redirects.schema.json' ? schema.items : schema) as { properties: Record<string, { description?: string }> };
        expect(Object.keys(object.properties).sort()).toEqual([...c.keys].sort());
        expect(schema.title).toEqual(expect.stringContaining('paydocs'));
        expect(Object.values(object.properties).filter((p) => p.description).length).toBeGreaterThan(0);
      });

      it('accepts a valid example, as zod does', () => {
        expect(c.zod.safeParse(c.valid).success).toBe(true);
        expect(validate(c.valid), JSON.stringify(validate.errors)).toBe(true);
      });

      it('rejects invalid examples, as zod does', () => {
        for (const bad of c.invalid) {
          expect(c.zod.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
          expect(validate(bad), JSON.stringify(bad)).toBe(false);
        }
      });
    });
  }

  it('describes a frontmatter field with the doc comment of its zod schema', () => {
    const { properties } = readSchema('frontmatter.schema.json') as { properties: Record<string, { description?: string; markdownDescription?: string }> };
    expect(properties.draft?.markdownDescription).toBe('Drafts are built by `paydocs dev` and left out of `paydocs build`. Default: `false`.');
    expect(properties.draft?.description).toBe('Drafts are built by paydocs dev and left out of paydocs build. Default: false.');
  });
});
