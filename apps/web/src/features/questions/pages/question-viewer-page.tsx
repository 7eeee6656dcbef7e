import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function QuestionViewerPage() {
  return (
    <PagePlaceholder
      title="Questões"
      description="Aqui você vai responder às questões, verificar o gabarito e conversar com a Inteligência Artificial sobre cada uma delas."
    />
  );
}
