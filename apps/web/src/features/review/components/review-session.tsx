import {
  countLabel,
  REVIEW_RATING_LABELS,
  type ReviewPreview,
  type ReviewQueueItem,
  type ReviewRating,
} from '@gabarita/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { QUERY_KEYS } from '@/domain/query-keys';
import { useQuestion } from '@/domain/questions/question-queries';
import { QuestionStatement } from '@/domain/questions/question-statement';
import { RichHtml } from '@/domain/questions/rich-html';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/domain/session/session';
import { REVIEW_PATH, sendReview } from '@/domain/review/review-api';
import { dropKeptItem } from '@/domain/review/kept-queue';

/** 'Bom · 4 dias': the rating and the days until the item is due again, as ts-fsrs scheduled. */
export function intervalLabel(days: number): string {
  if (days <= 0) return 'hoje';
  return countLabel(days, 'dia', 'dias');
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function RatingButtons({
  previews,
  allowed,
  disabled,
  onRate,
}: {
  previews: ReviewPreview[];
  allowed: readonly ReviewRating[];
  disabled: boolean;
  onRate: (rating: ReviewRating) => void;
}) {
  const preselected: ReviewRating = allowed.includes(3) ? 3 : allowed[0]!;
  const focused = useFocusOnMount<HTMLButtonElement>();
  return (
    <div role="group" aria-label="Como foi?" className="mt-5 flex flex-wrap gap-2">
      {allowed.map((rating) => {
        const preview = previews.find((entry) => entry.rating === rating);
        return (
          <Button
            key={rating}
            variant={rating === preselected ? 'primary' : 'secondary'}
            disabled={disabled}
            ref={rating === preselected ? focused : undefined}
            aria-keyshortcuts={String(rating)}
            onClick={() => onRate(rating)}
            className="min-w-32 flex-1 sm:flex-none"
          >
            <span aria-hidden="true" className="mr-1 text-xs opacity-70">
              {rating}
            </span>
            {REVIEW_RATING_LABELS[rating]}
            {preview && ` · ${intervalLabel(preview.days)}`}
          </Button>
        );
      })}
    </div>
  );
}

function QuestionItem({
  item,
  sending,
  onRate,
}: {
  item: Extract<ReviewQueueItem, { kind: 'question' }>;
  sending: boolean;
  onRate: (rating: ReviewRating, letter: string) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [answered, setAnswered] = useState(false);
  const { question } = item;
  // The full question (figures, images, notices) as the viewer reads it; the queue's statement and
  // figures stand in until it arrives, and without a connection.
  const detail = useQuestion(question.id);
  const figures = detail.data?.figures ?? question.figures;
  const right = chosen === question.answerLetter;
  const rate = (rating: ReviewRating) => onRate(rating, chosen!);
  useShortcuts(answered && !sending, right ? [2, 3, 4] : [1], rate);

  return (
    <>
      <p className="text-xs font-medium text-primary-ink">
        Questão {question.number} · {question.disciplineName} · {question.subject}
      </p>
      <div className="mt-3 text-ink">
        {detail.data ? (
          <QuestionStatement question={detail.data} />
        ) : (
          <RichHtml html={question.statementHtml} figures={question.figures} />
        )}
      </div>
      <fieldset className="mt-4" disabled={answered}>
        <legend className="sr-only">Alternativas</legend>
        <ul className="space-y-2">
          {question.alternatives.map((alternative) => {
            const isKey = answered && alternative.letter === question.answerLetter;
            const isWrongChoice = answered && alternative.letter === chosen && !right;
            return (
              <li key={alternative.letter}>
                <label
                  className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${
                    isKey
                      ? 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950/30'
                      : isWrongChoice
                        ? 'border-red-600 bg-red-50 dark:bg-red-950/30'
                        : 'border-line'
                  }`}
                >
                  <input
                    type="radio"
                    name={`alternativa-${item.id}`}
                    value={alternative.letter}
                    checked={chosen === alternative.letter}
                    onChange={() => setChosen(alternative.letter)}
                    className="mt-1"
                  />
                  <span className="font-semibold">{alternative.letter})</span>
                  {alternative.html ? (
                    <RichHtml
                      html={alternative.html}
                      figures={figures}
                      zoomable={false}
                      as="span"
                    />
                  ) : (
                    <span>{alternative.text}</span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {!answered ? (
        <Button className="mt-4" disabled={chosen === null} onClick={() => setAnswered(true)}>
          Responder
        </Button>
      ) : (
        <>
          <p
            role="status"
            className={`mt-4 flex items-center gap-2 text-sm font-semibold ${
              right ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
            }`}
          >
            {right ? (
              <CheckCircle2 className="size-4" aria-hidden="true" />
            ) : (
              <XCircle className="size-4" aria-hidden="true" />
            )}
            {right
              ? 'Você acertou. Como foi lembrar?'
              : `Você errou: o gabarito é ${question.answerLetter}.`}
          </p>
          <RatingButtons
            previews={item.previews}
            allowed={right ? [2, 3, 4] : [1]}
            disabled={sending}
            onRate={rate}
          />
        </>
      )}
    </>
  );
}

function FlashcardItem({
  item,
  sending,
  onRate,
}: {
  item: Extract<ReviewQueueItem, { kind: 'flashcard' }>;
  sending: boolean;
  onRate: (rating: ReviewRating) => void;
}) {
  const [shown, setShown] = useState(false);
  const showBack = useFocusOnMount<HTMLButtonElement>();
  const { flashcard } = item;
  useShortcuts(shown && !sending, [1, 2, 3, 4], onRate);
  useEffect(() => {
    if (shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === ' ' && !isTyping(event.target)) {
        event.preventDefault();
        setShown(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);
  return (
    <>
      <p className="text-xs font-medium text-primary-ink">
        Cartão
        {flashcard.disciplineName && ` · ${flashcard.disciplineName}`}
        {flashcard.subject && ` · ${flashcard.subject}`}
      </p>
      {flashcard.flaggedBecause && (
        <Notice tone="warning" className="mt-3">
          {flashcard.flaggedBecause} Confira o cartão antes de confiar nele.
        </Notice>
      )}
      <p className="mt-3 whitespace-pre-line text-base leading-7 text-ink">{flashcard.front}</p>
      {shown ? (
        <>
          <hr className="my-4 border-line" />
          <p className="whitespace-pre-line text-base leading-7 text-ink" aria-live="polite">
            {flashcard.back}
          </p>
          <RatingButtons
            previews={item.previews}
            allowed={[1, 2, 3, 4]}
            disabled={sending}
            onRate={onRate}
          />
        </>
      ) : (
        <Button
          ref={showBack}
          className="mt-5"
          onClick={() => setShown(true)}
          aria-keyshortcuts="Space"
        >
          Mostrar verso
        </Button>
      )}
    </>
  );
}

/** The element gets the focus when it appears: the next action is one key (Enter) away. */
function useFocusOnMount<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** Keys 1–4 rate, as in Anki, once the item can be rated. */
function useShortcuts(
  active: boolean,
  allowed: readonly ReviewRating[],
  onRate: (rating: ReviewRating) => void,
) {
  const latest = useRef(onRate);
  useEffect(() => {
    latest.current = onRate;
  });
  const key = allowed.join('');
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const rating = Number(event.key) as ReviewRating;
      if (key.includes(event.key) && rating >= 1 && rating <= 4) {
        event.preventDefault();
        latest.current(rating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, key]);
}

/**
 * The day's items one by one (docs/product-rules.md, "Review"). Each review is sent with an id made
 * here once per item, so a retry after a failure cannot count it twice.
 */
export function ReviewSession({ items: queued }: { items: ReviewQueueItem[] }) {
  const client = useQueryClient();
  // The session walks the queue as it was when it began, whatever is read again meanwhile.
  const [items] = useState(queued);
  const [index, setIndex] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clientIds = useRef(new Map<string, string>());
  const userId = useSession().data?.user?.id;
  // The last rating waits on this device for the connection.
  const [keptOnDevice, setKeptOnDevice] = useState(false);
  const item = items[index];

  const rate = useCallback(
    async (rating: ReviewRating, letter?: string) => {
      if (!item || sending) return;
      let clientId = clientIds.current.get(item.id);
      if (!clientId) {
        clientId = crypto.randomUUID();
        clientIds.current.set(item.id, clientId);
      }
      const review = {
        clientId,
        itemId: item.id,
        rating,
        reviewedAt: new Date().toISOString(),
        ...(letter ? { letter } : {}),
      };
      setSending(true);
      setError(null);
      try {
        try {
          await sendReview(review);
          setKeptOnDevice(false);
        } catch (failure) {
          // Without a connection the rating waits on the device, under its id, and goes out when
          // the connection returns (docs/product-rules.md, "Offline use").
          const offline = failure instanceof ApiError && failure.status === 0;
          if (!offline || !userId) throw failure;
          const { queueItem } = await import('@/domain/offline/outbox');
          await queueItem({
            id: clientId,
            userId,
            path: REVIEW_PATH,
            body: review,
            queuedAt: review.reviewedAt,
          });
          setKeptOnDevice(true);
        }
        if (userId) void dropKeptItem(userId, item.id).catch(() => undefined);
        setIndex((current) => current + 1);
        void client.invalidateQueries({ queryKey: QUERY_KEYS.reviewCount });
        void client.invalidateQueries({ queryKey: QUERY_KEYS.retention });
      } catch (failure) {
        setError(errorMessage(failure, 'Não foi possível registrar a revisão. Tente novamente.'));
      } finally {
        setSending(false);
      }
    },
    [client, item, sending, userId],
  );

  if (!item) {
    return (
      <Card className="text-center">
        <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
        <p role="status" className="mt-3 text-base font-semibold text-ink">
          Revisão de hoje concluída: {countLabel(items.length, 'item revisado', 'itens revisados')}.
        </p>
      </Card>
    );
  }

  return (
    <Card as="section" aria-label="Item da revisão">
      <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
        {index + 1} de {items.length}
      </p>
      {item.kind === 'question' ? (
        <QuestionItem
          key={item.id}
          item={item}
          sending={sending}
          onRate={(rating, letter) => void rate(rating, letter)}
        />
      ) : (
        <FlashcardItem
          key={item.id}
          item={item}
          sending={sending}
          onRate={(rating) => void rate(rating)}
        />
      )}
      {keptOnDevice && !error && (
        <p role="status" className="mt-4 text-sm text-ink-muted">
          Sem conexão: a avaliação anterior ficou guardada neste aparelho e será enviada quando a
          conexão voltar.
        </p>
      )}
      {error && (
        <Notice tone="error" className="mt-4">
          {error}
        </Notice>
      )}
      <p className="mt-5 text-xs text-ink-muted">
        Atalhos: 1 Errei, 2 Difícil, 3 Bom, 4 Fácil
        {item.kind === 'flashcard' && '; espaço mostra o verso'}.
      </p>
    </Card>
  );
}
