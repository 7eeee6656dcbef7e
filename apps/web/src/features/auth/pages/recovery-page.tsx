import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function RecoveryPage() {
  return (
    <PagePlaceholder
      title="Redefinir senha"
      description="Aqui você vai definir uma nova senha a partir do link enviado para o seu e-mail."
    />
  );
}
