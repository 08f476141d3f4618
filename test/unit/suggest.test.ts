import { describe, expect, it } from 'vitest';
import { closest } from '../../cli/pipeline/check/suggest.ts';

describe('cli/pipeline/check/suggest: closest', () => {
  it('suggests a near name in the same folder, and a name with no folder among names', () => {
    expect(closest('/api/transaction_creat', ['/api/transaction_create', '/api/transaction_find'])).toBe('/api/transaction_create');
    expect(closest('sidbar_label', ['sidebar_label', 'sidebar_position', 'title'])).toBe('sidebar_label');
    expect(closest('api/reports.md', ['api/reports2.md', 'guide.md'])).toBe('api/reports2.md');
  });

  it('does not offer a far name, nor one in another folder whose path merely contains the folder name', () => {
    // `/invoicing/api_invoicing/token` contains `/api`, but is not in `/api/`: nope -> token is 3 edits, plus the folder.
    expect(closest('/api/nope', ['/invoicing/api_invoicing/token', '/guide'])).toBeUndefined();
    expect(closest('/api/nope', ['/api/note', '/invoicing/api_invoicing/token'])).toBe('/api/note');
    expect(closest('/completely/different', ['/api/x'])).toBeUndefined();
  });
});
