import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function DisciplinesPage() {
  return (
    <PagePlaceholder
      title="Disciplinas isoladas"
      description="Aqui você vai escolher uma disciplina e um assunto para estudar questões com a ajuda da Inteligência Artificial."
    />
  );
}
