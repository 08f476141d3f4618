import { useSite } from '../context.ts';

/** The copyright line only, no links (spec). */
export function Footer() {
  const site = useSite();
  return (
    <footer className="footer">
      <p className="footer__copyright">{site.copyright}</p>
    </footer>
  );
}
