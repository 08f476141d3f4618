import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('test/helpers/private-tmp (the tests leave nothing in the system temp folder)', () => {
  it('gives this file a temporary folder of its own, inside the real one', () => {
    const dir = os.tmpdir();
    expect(path.basename(dir)).toMatch(/^paydocs-test-file-/);
    expect(path.dirname(dir)).toBe(process.env.PAYDOCS_TEST_TMP_BASE);
    expect(existsSync(dir)).toBe(true);
  });
});
