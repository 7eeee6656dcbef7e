import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function AuthActionPage() {
  return (
    <PagePlaceholder
      title="Confirmação de conta"
      description="Aqui vão ser processados os links enviados por e-mail para confirmar seu endereço ou redefinir sua senha."
    />
  );
}
