import type { Simulado } from '@gabarita/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { QUERY_KEYS } from '@/domain/query-keys';
import { readStored, writeStored } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { saveSimuladoAnswer } from '../api/simulado-api';

type Pending = Record<string, string | null>;

function readPending(id: string): Pending {
  const raw = readStored(STORAGE_KEYS.simuladoPending(id));
  try {
    return raw ? (JSON.parse(raw) as Pending) : {};
  } catch {
    return {};
  }
}

function writePending(id: string, pending: Pending): void {
  const empty = Object.keys(pending).length === 0;
  writeStored(STORAGE_KEYS.simuladoPending(id), empty ? null : JSON.stringify(pending));
}

export type SaveState = 'salvo' | 'salvando' | 'offline';

/** Unsent choices are tried again this often, and when the browser says it is back online. */
const RETRY_MS = 10_000;

/**
 * The choices of a running simulado: shown at once, saved to the server one by one (PUT is
 * repeatable), and kept in localStorage until the server has them, so a reload or a lost
 * connection loses nothing (docs/product-rules.md, "Simulados").
 */
export function useSimuladoAnswers(simulado: Simulado) {
  const { id } = simulado;
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, string | null>>(() => {
    const pending = readPending(id);
    const saved = Object.fromEntries(
      simulado.questions.map((question) => [question.questionId, question.chosenLetter]),
    );
    return { ...saved, ...pending };
  });
  const pendingRef = useRef<Pending>(readPending(id));
  const flushingRef = useRef<Promise<void> | null>(null);
  const [state, setState] = useState<SaveState>(() =>
    Object.keys(readPending(id)).length > 0 ? 'offline' : 'salvo',
  );

  const flush = useCallback((): Promise<void> => {
    if (flushingRef.current) return flushingRef.current;
    const run = async () => {
      while (Object.keys(pendingRef.current).length > 0) {
        const [questionId, letter] = Object.entries(pendingRef.current)[0]!;
        setState('salvando');
        try {
          await saveSimuladoAnswer(id, questionId, letter);
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            // Finished meanwhile (the time ran out, or another tab): the server has the result.
            pendingRef.current = {};
            writePending(id, {});
            await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.simulado(id) });
            return;
          }
          if (error instanceof ApiError && ![0, 401].includes(error.status) && error.status < 500) {
            // Refused for good (not a lost connection): drop it rather than retry forever.
            delete pendingRef.current[questionId];
            writePending(id, pendingRef.current);
            continue;
          }
          setState('offline');
          return;
        }
        // Unless it changed while this one was on its way.
        if (pendingRef.current[questionId] === letter) delete pendingRef.current[questionId];
        writePending(id, pendingRef.current);
      }
      setState('salvo');
    };
    flushingRef.current = run().finally(() => {
      flushingRef.current = null;
    });
    return flushingRef.current;
  }, [id, queryClient]);

  const choose = useCallback(
    (questionId: string, letter: string | null) => {
      setAnswers((current) => ({ ...current, [questionId]: letter }));
      pendingRef.current = { ...pendingRef.current, [questionId]: letter };
      writePending(id, pendingRef.current);
      void flush();
    },
    [flush, id],
  );

  useEffect(() => {
    void flush();
    const retry = () => {
      if (Object.keys(pendingRef.current).length > 0) void flush();
    };
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [flush]);

  return { answers, choose, flush, state };
}
