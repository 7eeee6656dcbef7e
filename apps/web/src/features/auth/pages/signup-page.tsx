import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function SignupPage() {
  return (
    <PagePlaceholder
      title="Criar conta"
      description="Aqui você vai criar sua conta com nome, e-mail e senha ou com sua conta Google."
    />
  );
}
