import { countLabel } from '@gabarita/shared';
import { Notice } from '@/components/ui/notice';
import { useSession } from '@/domain/session/session';
import { useOnline } from './online-status';
import { useOutbox } from './use-outbox';

function waiting(count: number): string {
  return `${countLabel(count, 'avaliação aguarda', 'avaliações aguardam')} envio.`;
}

/**
 * Above every page: that the device is offline and what still works, how many reviews wait to be
 * sent, and which ones the server refused once the connection came back.
 */
export function ConnectionNotice() {
  const online = useOnline();
  const { data } = useSession();
  const { pending, refused } = useOutbox(data?.user?.id);

  if (online && pending === 0 && refused.length === 0) return null;
  return (
    <section aria-label="Conexão" className="mb-6 space-y-2">
      {!online && (
        <Notice tone="warning">
          Você está sem conexão. A revisão de hoje continua neste aparelho; o resto volta quando a
          conexão voltar. {pending > 0 && waiting(pending)}
        </Notice>
      )}
      {online && pending > 0 && (
        <Notice tone="info">Enviando o que você fez sem conexão: {waiting(pending)}</Notice>
      )}
      {refused.map((message, index) => (
        <Notice key={index} tone="error">
          Uma avaliação feita sem conexão não foi aceita: {message}
        </Notice>
      ))}
    </section>
  );
}
