import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function PerformancePage() {
  return (
    <PagePlaceholder
      title="Meu Desempenho"
      description="Aqui você vai acompanhar seus acertos por disciplina e por assunto e poderá reiniciar seu histórico quando quiser."
    />
  );
}
