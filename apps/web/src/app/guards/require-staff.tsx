import { matchAppPath, PATHS, type PathAccess, roleMayOpen } from '@gabarita/shared';
import { ShieldAlert } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { isStaff, useSession } from '@/domain/session/session';
import { adminAreaName } from '../layouts/admin-tabs';

/** Whose area a staff page is, as the refusal says it. */
const AREA_OWNERS: Partial<Record<PathAccess, string>> = {
  staff: 'Esta área é da equipe editorial e de suporte do Gabarita.',
  editor:
    'Esta área é da equipe editorial do Gabarita, que cuida dos reportes de erro e do conteúdo das questões.',
  support:
    'Esta área é da equipe de suporte do Gabarita, que atende os clientes e cuida das contas e dos pagamentos.',
  admin: 'Esta área é da administração do Gabarita, que acompanha os números do negócio.',
};

/** The access of the page at the current address (a staff page the registry lacks is refused). */
function usePageAccess(): PathAccess {
  return matchAppPath(useLocation().pathname)?.access ?? 'staff';
}

/**
 * Said in place of a page the account may not open: whose area it is, and the way to the account's
 * own pages. No redirect, so the address they followed stays in view.
 */
function AccessRefused({ access }: { access: PathAccess }) {
  const user = useSession().data?.user;
  const staff = isStaff(user);
  return (
    <section aria-labelledby="page-title" className="flex flex-col items-center py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </span>
      <PageTitle className="mt-5">Acesso restrito</PageTitle>
      <p className="mt-3 max-w-md text-balance text-sm leading-6 text-ink-muted">
        {AREA_OWNERS[access] ?? AREA_OWNERS.staff} Sua conta não tem acesso a ela.
      </p>
      {staff ? (
        <Link to={PATHS.staffArea.path} className={buttonClasses({ className: 'mt-8' })}>
          Ir para a {adminAreaName(user?.role).toLowerCase()}
        </Link>
      ) : (
        <Link to={PATHS.home.path} className={buttonClasses({ className: 'mt-8' })}>
          Voltar para Questões de concurso
        </Link>
      )}
    </section>
  );
}

/**
 * The staff area's door (/admin and below): the staff pass. Anyone else is told, in place, whose
 * area the page is. The server refuses the area's data anyway.
 */
export function RequireStaff() {
  const session = useSession();
  const access = usePageAccess();
  if (isStaff(session.data?.user)) return <Outlet />;
  return <AccessRefused access={access} />;
}

/**
 * Each staff page lets in the roles of its access (the registry's): a member of another team is
 * told whose page it is before the page renders or asks the server for anything, under the tabs of
 * their own area.
 */
export function RequirePageAccess() {
  const role = useSession().data?.user?.role;
  const access = usePageAccess();
  if (roleMayOpen(role, access)) return <Outlet />;
  return <AccessRefused access={access} />;
}
