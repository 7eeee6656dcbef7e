import { countLabel, type UserNotice } from '@gabarita/shared';
import { ArrowRight, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSession } from '@/domain/session/session';
import { formatRelative } from '@/lib/formatters';
import { useDismissNotices, useUserNotices } from '../api/notices-api';

const DISMISS_FAILED = 'Não foi possível dispensar o aviso. Tente novamente.';

const countText = (count: number) => countLabel(count, 'aviso', 'avisos');

/** Where the focus goes once the list changes: a notice's 'Dispensar', or the page content. */
type FocusTarget = { noticeId: number } | 'content' | null;

function NoticeItem({
  notice,
  onDismiss,
}: {
  notice: UserNotice;
  onDismiss: (notice: UserNotice) => void;
}) {
  const textId = useId();
  const linkClasses = buttonClasses({ variant: 'secondary', size: 'sm' });
  return (
    <li>
      <Notice tone="info">
        <p id={textId} className="font-medium text-ink">
          {notice.text}
        </p>
        <p className="text-xs text-ink-muted">
          <time dateTime={notice.createdAt}>{formatRelative(notice.createdAt)}</time>
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {notice.link &&
            (notice.link.startsWith('/') ? (
              <Link to={notice.link} aria-describedby={textId} className={linkClasses}>
                Ver questão
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            ) : (
              <a href={notice.link} aria-describedby={textId} className={linkClasses}>
                Ver questão
                <ArrowRight className="size-4" aria-hidden="true" />
              </a>
            ))}
          <Button
            variant="secondary"
            size="sm"
            icon={X}
            aria-describedby={textId}
            data-notice-dismiss={notice.id}
            onClick={() => onDismiss(notice)}
          >
            Dispensar
          </Button>
        </div>
      </Notice>
    </li>
  );
}

/**
 * The signed-in user's notices not yet dismissed (e.g. a definitive key changed the verdict of an
 * answer), above the page content until dismissed. Nothing is shown to visitors or without notices.
 * When a dismissed notice held the focus, it moves to the next notice, or to the page content.
 */
export function NoticeTray() {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const notices = useUserNotices(signedIn);
  const dismiss = useDismissNotices();
  const list = signedIn ? (notices.data?.notices ?? []) : [];
  const liveRef = useRef<HTMLDivElement>(null);
  const trayRef = useRef<HTMLElement>(null);
  const focusTarget = useRef<FocusTarget>(null);
  const [announcement, setAnnouncement] = useState('');
  const [announcedFirst, setAnnouncedFirst] = useState(false);

  // The tray appears with its content, which screen readers would not read: say it once.
  if (!announcedFirst && list.length > 0) {
    setAnnouncedFirst(true);
    setAnnouncement(`Você tem ${countText(list.length)}.`);
  }

  const ids = list.map((notice) => notice.id).join(',');
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    if (target === 'content') {
      liveRef.current?.closest('main')?.focus();
      return;
    }
    trayRef.current
      ?.querySelector<HTMLElement>(`[data-notice-dismiss="${target.noticeId}"]`)
      ?.focus();
  }, [ids]);

  const dismissOne = (notice: UserNotice) => {
    const index = list.indexOf(notice);
    const next = list[index + 1] ?? list[index - 1];
    focusTarget.current = next ? { noticeId: next.id } : 'content';
    setAnnouncement('Aviso dispensado.');
    dismiss.mutate([notice.id]);
  };

  const dismissAll = () => {
    focusTarget.current = 'content';
    setAnnouncement('Avisos dispensados.');
    dismiss.mutate(list.map((notice) => notice.id));
  };

  if (!signedIn) return null;
  return (
    <>
      {/* A bare live region, not a status: pages keep their own status messages to themselves. */}
      <div ref={liveRef} aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      {dismiss.isError && list.length > 0 && (
        <Notice tone="error" className="mb-3">
          {DISMISS_FAILED}
        </Notice>
      )}
      {list.length > 0 && (
        <section ref={trayRef} aria-label="Avisos" className="mb-6">
          {list.length > 1 && (
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium text-ink-muted">{countText(list.length)}</p>
              <Button variant="ghost" size="sm" icon={X} onClick={dismissAll}>
                Dispensar todos
              </Button>
            </div>
          )}
          <ul className="space-y-3">
            {list.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onDismiss={dismissOne} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
