import type { Localized } from '../../../config/schemas/data.ts';

/**
 * What a reference table is (`::data-table{src="<name>"}`), apart from how it is built: the compile
 * workers render tables and need only this, not the data packages `reference-tables.ts` reads them
 * from (i18n-iso-countries, iso-3166, iso-639-1: a megabyte of the workers' bundle).
 */

/** Inline Markdown, the same in every locale or per locale. */
export type Cell = string | Localized;

export interface DataColumn {
  key: string;
  header: Localized;
  /** `code`: the cell is a literal identifier (`inlineCode`); `text`: plain text; `markdown` (default): inline Markdown. */
  format?: 'code' | 'text' | 'markdown';
  /** Keep on one line (codes, numbers). */
  nowrap?: boolean;
  /** Long identifiers (`south_africa_bank_transfer_payout`) may break anywhere, so the table fits. */
  breakAnywhere?: boolean;
}

export interface DataRow {
  /** HTML id of the row: stable, the code as the API spells it (`USD`, `BR-SP`, `4001`). */
  id: string;
  cells: Record<string, Cell | undefined>;
}

/** A table a page renders with `::data-table{src="<name>"}`. */
export interface DataTable {
  name: string;
  /**
   * The published standard the rows follow, named under the table (`ISO 4217 (currency-codes, 2024-06-25)`:
   * the standard, then the data package it is read from). Corvopay's own tables have none: the
   * reader gains nothing from the path of a file in this repository.
   */
  standard?: string;
  caption: Localized;
  columns: DataColumn[];
  rows: DataRow[];
  /** Put the rows' text in the search index (off for very long tables). */
  searchable: boolean;
}

export function pick(cell: Cell | undefined, locale: string): string {
  if (cell === undefined) return '';
  return typeof cell === 'string' ? cell : ((cell as Record<string, string>)[locale] ?? cell.en);
}
