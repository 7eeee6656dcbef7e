import { PATHS } from '@gabarita/shared';
import type { HelpRequestDetail } from '@gabarita/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { QueryError } from '@/components/ui/query-error';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/formatters';
import { useHelpRequest } from '../api/help-inbox-api';
import { AccountCard } from '../components/account-card';
import { HelpStatusBadge } from '../components/help-status-badge';
import { ReplyBox } from '../components/reply-box';
import { StatusActions } from '../components/status-actions';

const DETAIL_LOAD_FAILED = 'Não foi possível carregar a mensagem. Tente novamente.';

const replyElementId = (replyId: string) => `resposta-${replyId}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="border-t border-line px-4 py-5 first:border-t-0 sm:px-6"
    >
      <h2 id={id} className="mb-4 text-base font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The customer's message, then every reply in order, each with its author and date. */
function Thread({ detail }: { detail: HelpRequestDetail }) {
  const { request, replies } = detail;
  return (
    <ol aria-label="Conversa" className="space-y-4 wrap-anywhere">
      <li>
        <article className="rounded-xl border border-line bg-surface-muted/60 px-4 py-3">
          <header className="text-xs font-medium text-ink-muted">
            {request.name} &lt;{request.email}&gt; ·{' '}
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </header>
          <p className="mt-1.5 whitespace-pre-line break-words text-sm leading-6 text-ink">
            {request.message}
          </p>
        </article>
      </li>
      {replies.map((reply) => (
        <li key={reply.id}>
          <article
            id={replyElementId(reply.id)}
            tabIndex={-1}
            aria-label={`Resposta de ${reply.authorName}`}
            className="ml-4 rounded-xl border border-primary/30 bg-primary-soft px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:ml-10"
          >
            <header className="text-xs font-medium text-primary-ink">
              {reply.authorName} (equipe) ·{' '}
              <time dateTime={reply.sentAt}>{formatDateTime(reply.sentAt)}</time>
            </header>
            <p className="mt-1.5 whitespace-pre-line break-words text-sm leading-6 text-ink">
              {reply.body}
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}

/**
 * One help message (/admin/mensagens/:id): the conversation, the reply box and 'Encerrar' /
 * 'Reabrir', with the sender's account beside it on wide screens and below it on narrow ones.
 */
export default function HelpRequestPage() {
  const { id = '' } = useParams();
  const detail = useHelpRequest(id);
  const [sentReply, setSentReply] = useState<string | null>(null);
  const focused = useRef<string | null>(null);

  // After sending, the focus goes to the reply just added to the thread (once it is rendered).
  useEffect(() => {
    if (!sentReply || focused.current === sentReply) return;
    const element = document.getElementById(replyElementId(sentReply));
    if (!element) return;
    focused.current = sentReply;
    element.focus();
  }, [sentReply, detail.data]);

  const data = detail.data;
  const back = (
    <Link
      to={PATHS.helpInbox.path}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-ink underline-offset-2 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Voltar às mensagens
    </Link>
  );

  return (
    <Page
      title={data ? `Mensagem de ${data.request.name}` : 'Mensagem'}
      badge={data && <HelpStatusBadge status={data.request.status} />}
      actions={back}
    >
      {detail.isPending && (
        <div role="status" className="text-sm text-ink-muted">
          Carregando mensagem...
        </div>
      )}
      {detail.isError && (
        <QueryError
          message={errorMessage(detail.error, DETAIL_LOAD_FAILED)}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      )}
      {data && (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Card padding="none" className="min-w-0">
            <Section title="Conversa">
              <Thread detail={data} />
            </Section>
            <Section title="Responder">
              <ReplyBox key={data.request.id} detail={data} onSent={setSentReply} />
            </Section>
            <Section title="Situação">
              <StatusActions requestId={data.request.id} status={data.request.status} />
            </Section>
          </Card>
          <AccountCard account={data.account} />
        </div>
      )}
    </Page>
  );
}
