import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function LoginPage() {
  return (
    <PagePlaceholder
      title="Entrar"
      description="Aqui você vai entrar com seu e-mail e senha ou com sua conta Google."
    />
  );
}
