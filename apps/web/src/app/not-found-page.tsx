import { PATHS } from '@gabarita/shared';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';

export function NotFoundPage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col items-center py-12 text-center">
      <p className="text-sm font-semibold text-primary-ink">Erro 404</p>
      <PageTitle className="mt-2">Página não encontrada</PageTitle>
      <p className="mt-3 max-w-md text-sm leading-6 text-ink-muted">
        O endereço que você tentou acessar não existe ou foi movido. Confira o link ou volte para o
        início.
      </p>
      <Link to={PATHS.home.path} className={buttonClasses({ className: 'mt-8' })}>
        Voltar para Questões de concurso
      </Link>
    </section>
  );
}
