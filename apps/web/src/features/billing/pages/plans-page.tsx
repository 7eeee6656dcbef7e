import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function PlansPage() {
  return (
    <PagePlaceholder
      title="Planos de Assinatura"
      description="Aqui você vai comparar os planos Premium e os pacotes de tokens e escolher o que combina com seus estudos."
    />
  );
}
