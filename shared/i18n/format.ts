/**
 * `format('{count} documents found', { count: 3 })`. Its own module so the browser's search code can
 * use it without `strings.ts`, which holds every locale's strings.
 *
 * With a `locale`, numbers are written as that locale writes them (`7,000,000`; `7 000 000`), and a
 * plural picks the form the locale's rules (`Intl.PluralRules`) ask for, in the ICU MessageFormat
 * notation translators know: `{max, plural, =1 {one field} one {# символа} few {# символов} other {…}}`,
 * where `#` is the number. An exact `=N` form wins over the categories; `other` is the fallback.
 */
export function format(template: string, values: Record<string, string | number>, locale?: string): string {
  const written = (v: string | number) => (typeof v === 'number' && locale ? numberFormat(locale).format(v) : String(v));
  return template
    .replace(PLURAL, (m, key: string, forms: string) => {
      const v = values[key];
      if (typeof v !== 'number') return m;
      const byName = new Map<string, string>();
      for (const [, name, text] of forms.matchAll(FORM)) byName.set(name!, text!);
      const form = byName.get(`=${v}`) ?? byName.get(pluralRules(locale ?? 'en').select(v)) ?? byName.get('other');
      return form === undefined ? m : form.replace(/#/g, written(v));
    })
    .replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? written(values[key]!) : m));
}

const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 })));
  return f;
}

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}
