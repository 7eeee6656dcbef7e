import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function AccountPage() {
  return (
    <PagePlaceholder
      title="Gerenciamento de Conta"
      description="Aqui você vai ver os dados da sua conta, a situação do seu plano, o histórico de compras e as opções de segurança."
    />
  );
}
