import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function ExamDashboardPage() {
  return (
    <PagePlaceholder
      title="Painel da prova"
      description="Aqui você vai ver as questões da prova escolhida, organizadas por disciplina e assunto, com seus acertos e erros."
    />
  );
}
