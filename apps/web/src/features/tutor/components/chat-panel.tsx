import {
  AI_MESSAGES,
  type BasisChange,
  CHAT_HISTORY_MAX_TURNS,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatHistoryResponse,
  type ChatTurn,
  type TutorInfo,
} from '@gabarita/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, History, MessageSquare, Send, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { INPUT_CLASSES } from '@/components/ui/field-styles';
import { Markdown } from '@/components/ui/markdown';
import { TutorPanelTitle } from '@/domain/tutor/tutor-text';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { QUERY_KEYS } from '@/domain/query-keys';
import { useApplyTokenBalance } from '@/domain/tutor/tokens';
import { interruptionText, streamTutor } from '@/domain/tutor/tutor-stream';
import { useChatHistory, useKeepChatExchange } from '../api/chat-history-api';
import { NOTHING_KEPT, turnsSinceLastChange, withChangeMarks } from '../kept-conversation';
import { tutorLabels } from '../tutor-labels';

interface Message extends ChatTurn {
  /** A failed or stopped reply: shown, but not sent back as conversation. */
  note?: 'failed' | 'stopped';
}

const TEXTAREA_CLASSES = `${INPUT_CLASSES.replace('h-11 ', '')} min-h-12 resize-none py-2.5 leading-6`;

const TURN_CLASSES = {
  user: 'ml-8 rounded-2xl rounded-br-sm bg-primary-soft px-4 py-2.5 text-sm leading-6 whitespace-pre-wrap text-ink',
  model: 'mr-4 rounded-2xl rounded-bl-sm border border-line bg-surface-muted/50 px-4 py-2.5',
};

/**
 * Where the question changed after the turns above it: what changed and when, that those turns
 * were written before it, and (once) that the next reply is free.
 */
function ChangeMark({ changes, freeReply }: { changes: BasisChange[]; freeReply: boolean }) {
  return (
    <li className="flex items-start gap-2.5 rounded-lg border border-accent-200 bg-accent-soft px-3 py-2.5 text-sm leading-6 text-accent-ink dark:border-accent-900/70">
      <History className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1 wrap-anywhere">
        <span className="sr-only">Mudança na questão: </span>
        {changes.map((change) => (
          <p key={`${change.kind}-${change.at}`} className="font-medium">
            {AI_MESSAGES.basisChange(change, formatDate(change.at))}
          </p>
        ))}
        <p>{AI_MESSAGES.writtenBeforeChange}</p>
        {freeReply && <p>{AI_MESSAGES.freeReplyAfterChange}</p>}
      </div>
    </li>
  );
}

interface ChatPanelProps {
  questionId: string;
  entitled: boolean;
  tutor: TutorInfo | null;
  /** Questions offered as buttons under the conversation. */
  suggestions: string[];
  /** A reply refused because the user's tokens ran out: the plans, with the AI warning. */
  onLocked: () => void;
  /** Shows a user without a plan or package what unlocks the chat (the plans page). */
  onInvite: () => void;
  /** A reply is being written (the question navigation waits for it). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Questions about this question: Enter sends, Shift+Enter breaks the line; nothing is sent while a
 * reply is being written; 'Parar' ends the reply (only what was written is charged). The
 * conversation kept from earlier visits comes first, marked where the question's key or comment
 * changed since (the turns before a mark are not sent back), and the new turns follow it.
 */
export function ChatPanel({
  questionId,
  entitled,
  tutor,
  suggestions,
  onLocked,
  onInvite,
  onBusyChange,
}: ChatPanelProps) {
  const queryClient = useQueryClient();
  const applyBalance = useApplyTokenBalance();
  const kept = useChatHistory(questionId);
  const keepExchange = useKeepChatExchange(questionId);
  /** The kept conversation as it was at the first message of this visit; it then stays put. */
  const [earlier, setEarlier] = useState<ChatHistoryResponse | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const labels = tutorLabels(tutor);
  const keptConversation = earlier ?? kept.data ?? NOTHING_KEPT;
  const keptEntries = withChangeMarks(keptConversation);
  const lastMark = keptEntries.findLastIndex((entry) => entry.kind === 'changes');
  /** The conversation that still counts: the kept turns since the last change, then this visit's. */
  const current: Message[] = [...turnsSinceLastChange(keptConversation), ...messages];

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    onBusyChange(pending);
  }, [pending, onBusyChange]);
  // Braces matter: scrolling may return a promise, and an effect must return nothing else.
  useEffect(() => {
    void endRef.current?.scrollIntoView({ block: 'nearest' });
  }, [messages]);

  const send = async (text: string) => {
    const message = text.trim();
    if (!message || pending) return;
    const history = current
      .filter((turn) => !turn.note)
      .map(({ role, text: turnText }) => ({ role, text: turnText }))
      .slice(-CHAT_HISTORY_MAX_TURNS);
    setEarlier(keptConversation);
    const abort = new AbortController();
    abortRef.current = abort;
    setDraft('');
    setPending(true);
    setMessages((current) => [
      ...current,
      { role: 'user', text: message },
      { role: 'model', text: '' },
    ]);
    const updateReply = (change: (reply: Message) => Message) =>
      setMessages((current) => [...current.slice(0, -1), change(current[current.length - 1]!)]);
    try {
      const done = await streamTutor(
        `/questions/${encodeURIComponent(questionId)}/chat`,
        { message, history },
        {
          signal: abort.signal,
          onDelta: (piece) => updateReply((reply) => ({ ...reply, text: reply.text + piece })),
        },
      );
      applyBalance(done.tokens);
      updateReply((reply) => ({ ...reply, text: done.content }));
      keepExchange([
        { role: 'user', text: message },
        { role: 'model', text: done.content },
      ]);
    } catch (error) {
      if (abort.signal.aborted) {
        updateReply((reply) => ({ ...reply, note: 'stopped' }));
        // Only what was written is charged; the balance comes with the next read.
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.tokens });
      } else if (error instanceof ApiError && error.code === 'limit/ai') {
        setMessages((current) => current.slice(0, -2));
        onLocked();
      } else {
        // A reply cut short (a server restart, a fallen connection) says so; asking again works.
        const text = interruptionText(error) ?? AI_MESSAGES.chatFailed;
        updateReply(() => ({ role: 'model', text, note: 'failed' }));
      }
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send(draft);
  };

  return (
    <Card as="section" aria-labelledby="chat-titulo">
      <TutorPanelTitle id="chat-titulo" icon={MessageSquare}>
        {labels.chat}
      </TutorPanelTitle>

      {keptEntries.length + messages.length > 0 && (
        <ol aria-label="Conversa" aria-live="polite" className="mt-4 space-y-3">
          {keptEntries.map((entry, index) =>
            entry.kind === 'changes' ? (
              <ChangeMark
                key={`mudanca-${index}`}
                changes={entry.changes}
                freeReply={
                  index === lastMark &&
                  keptConversation.freeReply &&
                  entitled &&
                  messages.length === 0
                }
              />
            ) : (
              <li key={`guardada-${index}`} className={TURN_CLASSES[entry.turn.role]}>
                <span className="sr-only">{entry.turn.role === 'user' ? 'Você: ' : 'Tutor: '}</span>
                {entry.turn.role === 'user' ? (
                  entry.turn.text
                ) : (
                  <Markdown text={entry.turn.text} className="text-sm leading-6" />
                )}
              </li>
            ),
          )}
          {messages.map((message, index) => (
            <li key={index} className={TURN_CLASSES[message.role]}>
              <span className="sr-only">{message.role === 'user' ? 'Você: ' : 'Tutor: '}</span>
              {message.role === 'user' ? (
                message.text
              ) : message.text === '' ? (
                <span className="flex items-center gap-2 text-sm text-ink-muted">
                  <Spinner className="size-4" /> Escrevendo...
                </span>
              ) : (
                <>
                  <Markdown text={message.text} className="text-sm leading-6" />
                  {message.note === 'stopped' && (
                    <p className="mt-1 text-xs text-ink-muted">Resposta interrompida.</p>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      <div ref={endRef} />

      {entitled ? (
        <>
          <div
            className="mt-4 flex flex-wrap gap-2"
            role="group"
            aria-label="Sugestões de pergunta"
          >
            {suggestions.map((followUp) => (
              <Button
                key={followUp}
                variant="secondary"
                size="sm"
                disabled={pending}
                onClick={() => void send(followUp)}
              >
                {followUp}
              </Button>
            ))}
          </div>

          <form
            className="mt-3 flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void send(draft);
            }}
          >
            <div className="min-w-0 flex-1">
              <label htmlFor={inputId} className="sr-only">
                Sua pergunta sobre a questão
              </label>
              <textarea
                id={inputId}
                rows={1}
                value={draft}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                placeholder="Pergunte sobre a questão (Enter envia, Shift+Enter quebra a linha)"
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                className={TEXTAREA_CLASSES}
              />
            </div>
            {pending ? (
              <Button
                variant="secondary"
                icon={Square}
                onClick={() => abortRef.current?.abort()}
                aria-label="Parar a resposta"
              >
                Parar
              </Button>
            ) : (
              <Button
                type="submit"
                icon={Send}
                disabled={!draft.trim()}
                aria-label="Enviar pergunta"
              >
                Enviar
              </Button>
            )}
          </form>
        </>
      ) : (
        // Nothing to type into without a plan or package: what the chat offers, and the way to it.
        <div className="mt-4 space-y-3 text-sm leading-6 text-ink-muted">
          <p>{labels.chatOffer}</p>
          <Button variant="secondary" icon={Crown} onClick={onInvite}>
            Ver planos
          </Button>
        </div>
      )}
    </Card>
  );
}
