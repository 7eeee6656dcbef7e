import { countLabel, type AppInfoResponse } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { appInfoQueryOptions } from '@/domain/app-info';

type RetentionKind = keyof AppInfoResponse['retentionDays'];

/** How long this server keeps a kind of record, in days, as it is configured. */
export function RetentionDays({ kind }: { kind: RetentionKind }) {
  const days = useQuery(appInfoQueryOptions).data?.retentionDays[kind];
  if (days === undefined) return <>o prazo configurado no servidor</>;
  return <strong>{countLabel(days, 'dia', 'dias')}</strong>;
}
