import { countLabel, type HelpInboxItem, PATHS, pathTo } from '@gabarita/shared';
import { MessageSquareReply } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, formatRelative } from '@/lib/formatters';
import { HelpStatusBadge } from './help-status-badge';

export const helpRequestPath = (requestId: string) => pathTo(PATHS.helpRequest, { id: requestId });

/** The messages as links to their page, newest first. */
export function InboxList({ items }: { items: readonly HelpInboxItem[] }) {
  return (
    <ul aria-label="Mensagens" className="space-y-3">
      {items.map((item) => (
        <li key={item.id}>
          <Link
            to={helpRequestPath(item.id)}
            className="block rounded-xl border border-line bg-surface px-4 py-3 transition-colors hover:border-primary/50 hover:bg-surface-muted/60 motion-reduce:transition-none"
          >
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <HelpStatusBadge status={item.status} />
              <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">
                {item.name}
              </span>
              <time
                dateTime={item.createdAt}
                title={formatDateTime(item.createdAt)}
                className="text-xs text-ink-muted"
              >
                {formatRelative(item.createdAt)}
              </time>
            </span>
            <span className="mt-0.5 block truncate text-xs text-ink-muted">{item.email}</span>
            <span className="mt-1.5 line-clamp-2 block break-words text-sm leading-6 text-ink">
              {item.snippet}
            </span>
            {item.replies > 0 && (
              <span className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-primary-ink">
                <MessageSquareReply className="size-3.5" aria-hidden="true" />
                {countLabel(item.replies, 'resposta', 'respostas')}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
