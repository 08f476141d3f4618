import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { PaydocsError } from '../../cli/diagnostics.ts';

/** The diagnostics a config object gets, as `file: message` lines (empty when valid). */
export function configErrors(raw: unknown): string[] {
  try {
    validateConfig(raw);
  } catch (error) {
    if (error instanceof PaydocsError) return error.diagnostics.map((d) => `${d.file}: ${d.message}`);
    throw error;
  }
  return [];
}
