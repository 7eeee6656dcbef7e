import {
  FileCheck2,
  FilePenLine,
  Flag,
  History,
  ShieldCheck,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';

interface AdminTab {
  label: string;
  to: string;
  icon: LucideIcon;
}

const ADMIN_TABS: readonly AdminTab[] = [
  { label: 'Reportes de erro', to: '/admin/reportes', icon: Flag },
  { label: 'Questões', to: '/admin/questoes', icon: FilePenLine },
  { label: 'Gabarito definitivo', to: '/admin/gabarito', icon: FileCheck2 },
  { label: 'Importar conteúdo', to: '/admin/importar', icon: Upload },
  { label: 'Registro de ações', to: '/admin/registro', icon: History },
];

function tabClasses(active: boolean) {
  const base =
    'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors motion-reduce:transition-none';
  return active
    ? `${base} border-primary text-primary-ink`
    : `${base} border-transparent text-ink-muted hover:border-line hover:text-ink`;
}

/** The editorial area: its name and the sub-navigation between its pages, above each page. */
export function AdminLayout() {
  const pathname = useLocation().pathname.toLowerCase().replace(/\/+$/, '');
  return (
    <>
      <div className="mb-6">
        <p className="flex items-center gap-2 text-sm font-semibold text-primary-ink">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Área editorial
        </p>
        <nav aria-label="Área editorial" className="mt-3">
          {/* The line is a shadow under the tabs, so the active tab's border covers it. */}
          {/* Five tabs do not fit a phone: the row scrolls sideways instead of wrapping. */}
          <ul className="flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--gb-line)]">
            {ADMIN_TABS.map(({ label, to, icon: Icon }) => {
              const active = pathname === to;
              return (
                <li key={to} className="shrink-0">
                  <Link
                    to={to}
                    aria-current={active ? 'page' : undefined}
                    className={tabClasses(active)}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <Outlet />
    </>
  );
}
