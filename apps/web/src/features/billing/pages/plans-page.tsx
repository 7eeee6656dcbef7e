import {
  OFFLINE_AI_LIMIT_WARNING,
  SUBSCRIPTION_WARNINGS,
  type ProductType,
  PATHS,
} from '@gabarita/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cardClasses } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { errorMessage } from '@/lib/api-client';
import { readSubscriptionReason, readSubscriptionReturn } from '@/domain/plans/subscription-reason';
import { usePlans } from '../api/billing-api';
import { checkoutState } from '../checkout-state';
import { CurrentHoldings } from '../components/current-holdings';
import { PackageCard, PlanCard } from '../components/offer-cards';
import { PremiumAdvantages } from '../components/premium-advantages';
import { useTutorInfo } from '@/domain/app-info';

const PLANS_LOAD_FAILED = 'Não foi possível carregar os planos. Tente novamente.';

function LoadingOffers() {
  return (
    <div role="status">
      <span className="sr-only">Carregando planos...</span>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <li
            key={index}
            className={cardClasses({ className: 'h-56 animate-pulse motion-reduce:animate-none' })}
          />
        ))}
      </ul>
    </div>
  );
}

export default function PlansPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const reason = readSubscriptionReason(location.state, searchParams);
  const returnTo = readSubscriptionReturn(location.state, searchParams);
  const plans = usePlans();
  const tutor = useTutorInfo();

  const choose = (productId: string, productType: ProductType) =>
    void navigate(PATHS.payment.path, { state: checkoutState(productId, productType, returnTo) });

  let offers;
  if (plans.isPending) {
    offers = <LoadingOffers />;
  } else if (plans.isError) {
    offers = (
      <QueryError
        message={errorMessage(plans.error, PLANS_LOAD_FAILED)}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  } else {
    const data = plans.data;
    offers = (
      <div className="space-y-8">
        {data.current && <CurrentHoldings current={data.current} />}
        <PremiumAdvantages />
        <section aria-labelledby="planos-premium">
          <h2 id="planos-premium" className="text-lg font-semibold text-ink">
            Planos Premium
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Pagamento único via PIX, sem renovação automática.
          </p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {data.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} onChoose={() => choose(plan.id, 'plan')} />
            ))}
          </ul>
        </section>
        <PackageCard offer={data.package} onChoose={() => choose(data.package.id, 'package')} />
      </div>
    );
  }

  return (
    <Page
      title="Planos de Assinatura"
      description={
        tutor?.languageModel === false
          ? 'Estude sem limites com o Premium ou compre um pacote de tokens para o tutor.'
          : 'Estude sem limites com o Premium ou compre um pacote de tokens para a Inteligência Artificial.'
      }
    >
      {(reason || returnTo) && (
        <div className="mb-6 space-y-3">
          {reason && (
            <Notice tone="warning">
              {reason === 'ai_limit' && tutor?.languageModel === false
                ? OFFLINE_AI_LIMIT_WARNING
                : SUBSCRIPTION_WARNINGS[reason]}
            </Notice>
          )}
          {returnTo && (
            <Link to={returnTo} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {returnTo.startsWith(PATHS.questions.path)
                ? 'Voltar para a questão'
                : 'Voltar para o estudo'}
            </Link>
          )}
        </div>
      )}
      {offers}
    </Page>
  );
}
