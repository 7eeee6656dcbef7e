import { PATHS } from '@gabarita/shared';
import { Link } from 'react-router';

const LINKS = [
  { label: 'Ajuda', to: PATHS.help.path },
  { label: 'Termos de Uso', to: PATHS.terms.path },
  { label: 'Política de Privacidade', to: PATHS.privacy.path },
] as const;

/** Help and legal links, reachable from every layout. */
export function FooterLinks({ className = '' }: { className?: string }) {
  return (
    <footer className={`text-sm text-ink-muted ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <p>© {new Date().getFullYear()} Gabarita</p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {LINKS.map(({ label, to }) => (
            <li key={to}>
              <Link to={to} className="rounded hover:text-ink hover:underline">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
