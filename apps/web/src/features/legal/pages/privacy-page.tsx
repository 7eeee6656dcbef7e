import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function PrivacyPage() {
  return (
    <PagePlaceholder
      title="Política de Privacidade"
      description="Aqui você vai ler quais dados a Gabarita coleta, como eles são usados e como são protegidos."
    />
  );
}
