import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the real site, built once and served like `paydocs serve`. */
    siteUrl: string;
    /** Where that build was written. */
    distDir: string;
  }
}
