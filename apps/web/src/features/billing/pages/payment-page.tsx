import { PagePlaceholder } from '../../../components/ui/page-placeholder';

export default function PaymentPage() {
  return (
    <PagePlaceholder
      title="Pagamento via PIX"
      description="Aqui você vai gerar o QR Code e o código copia e cola do PIX para o plano ou pacote escolhido e acompanhar a confirmação."
    />
  );
}
