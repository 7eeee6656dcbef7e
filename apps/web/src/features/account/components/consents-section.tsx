import {
  PRIVACY_MESSAGES,
  type ConsentDocument,
  type ConsentRecord,
  PATHS,
} from '@gabarita/shared';
import { FileCheck2 } from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { useConsents } from '@/domain/consents/consents';
import { formatVersionDate } from '../lib/privacy-format';
import { SectionCard } from './section-card';

const CONSENTS_LOAD_FAILED = 'Não foi possível carregar os termos aceitos. Tente novamente.';

const DOCUMENT_NAMES: Record<ConsentDocument, string> = {
  termos: 'Termos de Uso',
  privacidade: 'Política de Privacidade',
  responsavel: 'Consentimento do responsável (menor de 18 anos)',
};

function ConsentRow({ record }: { record: ConsentRecord }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <p className="text-sm font-semibold text-ink">{DOCUMENT_NAMES[record.document]}</p>
      <p className="mt-0.5 text-sm text-ink-muted">
        Versão de {formatVersionDate(record.version)} · aceito em{' '}
        {formatDateTime(record.acceptedAt)}
      </p>
    </li>
  );
}

/** 'Termos aceitos': each version of each document the account accepted, and when. */
export function ConsentsSection() {
  const consents = useConsents();

  let body;
  if (consents.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> Carregando termos aceitos...
      </p>
    );
  } else if (consents.isError) {
    body = (
      <QueryError
        message={errorMessage(consents.error, CONSENTS_LOAD_FAILED)}
        onRetry={() => void consents.refetch()}
        retrying={consents.isFetching}
      />
    );
  } else if (consents.data.records.length === 0) {
    body = <p className="text-sm text-ink-muted">Nenhum aceite registrado nesta conta.</p>;
  } else {
    body = (
      <ul aria-label="Documentos aceitos" className="divide-y divide-line">
        {consents.data.records.map((record) => (
          <ConsentRow
            key={`${record.document}-${record.version}-${record.acceptedAt}`}
            record={record}
          />
        ))}
      </ul>
    );
  }

  return (
    <SectionCard title={PRIVACY_MESSAGES.consentTitle} icon={FileCheck2}>
      {body}
      <p className="mt-4 border-t border-line pt-4 text-sm text-ink-muted">
        Leia as versões em vigor:{' '}
        <Link
          to={PATHS.terms.path}
          className="rounded font-medium text-primary-ink hover:underline"
        >
          Termos de Uso
        </Link>{' '}
        e{' '}
        <Link
          to={PATHS.privacy.path}
          className="rounded font-medium text-primary-ink hover:underline"
        >
          Política de Privacidade
        </Link>
        .
      </p>
    </SectionCard>
  );
}
