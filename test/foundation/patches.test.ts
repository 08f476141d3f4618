import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/site.ts';

const PATCHES = path.join(PROJECT_ROOT, 'patches');

describe('patches/ (applied by patch-package after every install)', () => {
  it('patches exactly the installed version of each package', () => {
    const names = readdirSync(PATCHES);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      // patch-package's naming: `<package>+<version>.patch` (a scope's slash written `+`).
      const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(name);
      expect(match, name).not.toBeNull();
      const pkg = match![1]!.replace('+', '/');
      const installed = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, `${pkg}: the patch is for ${match![2]}`).toBe(match![2]);
      // And package.json pins that version: a newer one would install without the fix.
      const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      expect(manifest.dependencies[pkg]).toBe(match![2]);
    }
  });

  it('mdast-util-from-markdown: one context object for the handlers of every event, each event’s sliceSerialize set on it', () => {
    // Without the patch every handler call gets a copy of the context (syntax-tree/mdast-util-from-markdown#46).
    const seen = new Set<unknown>();
    const slices: string[] = [];
    const tree = fromMarkdown('A *b*\n\n`c`', {
      mdastExtensions: [
        {
          // Tokens the package has no handler of its own for (an extension's handler replaces the package's).
          enter: {
            emphasisSequence(token) {
              seen.add(this);
              slices.push(this.sliceSerialize(token));
            },
            codeTextSequence(token) {
              seen.add(this);
              slices.push(this.sliceSerialize(token));
            },
          },
        },
      ],
    });
    expect(seen.size).toBe(1);
    expect(slices).toEqual(['*', '*', '`', '`']);
    // The tree is what the package gives: the extension only watched.
    expect(tree.children.map((c) => c.type)).toEqual(['paragraph', 'paragraph']);
  });
});
