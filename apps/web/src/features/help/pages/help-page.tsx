import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function HelpPage() {
  return (
    <PagePlaceholder
      title="Central de Ajuda"
      description="Aqui você vai encontrar respostas para as dúvidas mais frequentes e um formulário para falar com o suporte."
    />
  );
}
