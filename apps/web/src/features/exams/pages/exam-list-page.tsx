import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function ExamListPage() {
  return (
    <PagePlaceholder
      title="Questões de concurso"
      description="Aqui você vai filtrar provas anteriores por cargo, órgão, nível, banca, ano e disciplina e resolver as questões de cada uma."
    />
  );
}
