import { ShieldAlert } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { isStaff, useSession } from '@/domain/session/session';

/**
 * The editorial area (/admin): editors and admins pass. Anyone else is told, in place, that the
 * area is for the team; no redirect, so the address they followed stays in view. The server
 * refuses the area's data anyway.
 */
export function RequireStaff() {
  const session = useSession();
  if (isStaff(session.data?.user)) return <Outlet />;
  return (
    <section aria-labelledby="page-title" className="flex flex-col items-center py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
        <ShieldAlert className="size-6" aria-hidden="true" />
      </span>
      <PageTitle className="mt-5">Acesso restrito</PageTitle>
      <p className="mt-3 max-w-md text-balance text-sm leading-6 text-ink-muted">
        Esta área é da equipe editorial do Gabarita, que cuida dos reportes de erro e do conteúdo
        das questões. Sua conta não tem acesso a ela.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
        Voltar para Questões de concurso
      </Link>
    </section>
  );
}
