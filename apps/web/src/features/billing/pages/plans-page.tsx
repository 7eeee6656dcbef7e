import { SUBSCRIPTION_WARNINGS } from '@gabarita/shared';
import { useLocation, useSearchParams } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';
import { readSubscriptionReason } from '../../../lib/subscription-reason';

export default function PlansPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const reason = readSubscriptionReason(location.state, searchParams);

  return (
    <PagePlaceholder
      title="Planos de Assinatura"
      description="Aqui você vai comparar os planos Premium e os pacotes de tokens e escolher o que combina com seus estudos."
    >
      {reason && (
        <Notice tone="warning" className="mt-6">
          {SUBSCRIPTION_WARNINGS[reason]}
        </Notice>
      )}
    </PagePlaceholder>
  );
}
