import { PaydocsError, type Diagnostic } from '../diagnostics.ts';

export interface RenderFailure {
  /** The page that failed, as a site path (`/landing`). */
  href: string;
  /** The file the page comes from: `content/pages/landing.tsx` for a React page, the Markdown file for a doc. */
  file?: string;
  error: unknown;
}

/**
 * A page that throws while it renders, as a diagnostic: the file it comes from and the error. A React
 * page's render error comes located from the build's renderer (`renderCustomPage` in render-pages.ts:
 * the line in the page or a file it imports, through the source map kept beside the compiled page); anything else (the theme) is
 * named by its file and the first frame of its stack.
 */
export function describeRenderError({ href, file, error }: RenderFailure): Diagnostic {
  const hint = file?.endsWith('.tsx') ? 'the page keeps its last good render until the component renders again' : undefined;
  const [located] = error instanceof PaydocsError ? error.diagnostics : [];
  if (located) return { ...located, file: located.file ?? file, hint: located.hint ?? hint };
  const err = error instanceof Error ? error : new Error(String(error));
  const frame = err.stack?.split('\n').find((l) => /^\s+at /.test(l))?.trim();
  return {
    severity: 'error',
    file,
    rule: 'render',
    message: `cannot render \`${href}\`: ${err.name}: ${err.message}${frame ? ` (${frame})` : ''}`,
    hint,
  };
}
