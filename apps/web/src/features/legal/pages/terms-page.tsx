import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function TermsPage() {
  return (
    <PagePlaceholder
      title="Termos de Uso"
      description="Aqui você vai ler as regras de uso da plataforma, dos planos e dos pagamentos."
    />
  );
}
