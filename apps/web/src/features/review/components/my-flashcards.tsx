import type { Flashcard } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { Layers, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/formatters';
import {
  flashcardsQueryOptions,
  useCreateFlashcard,
  useDeleteFlashcard,
  useUpdateFlashcard,
} from '@/domain/review/review-api';
import { FlashcardForm } from './flashcard-form';

function CardRow({ card }: { card: Flashcard }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateFlashcard();
  const remove = useDeleteFlashcard();
  if (editing) {
    return (
      <li className="py-4">
        <FlashcardForm
          card={card}
          submitLabel="Salvar cartão"
          onSubmit={async (input) => {
            await update.mutateAsync({ id: card.id, input });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start gap-3 py-4">
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 whitespace-pre-line text-sm font-semibold text-ink">
          {card.front}
        </p>
        <p className="mt-1 text-xs text-ink-muted">
          {[card.disciplineName, card.subject].filter(Boolean).join(' · ') || 'Sem disciplina'} ·
          revisar em {formatDay(card.dueDay)}
        </p>
        {card.flaggedBecause && (
          <Notice tone="warning" className="mt-2">
            {card.flaggedBecause}
          </Notice>
        )}
      </div>
      <div className="flex gap-1">
        <Button variant="ghost" size="sm" icon={Pencil} onClick={() => setEditing(true)}>
          Editar
        </Button>
        <Button variant="ghost" size="sm" icon={Trash2} onClick={() => setConfirming(true)}>
          Excluir
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Excluir este cartão?"
        description="O cartão e a programação de revisão dele saem da sua revisão."
        confirmLabel="Excluir cartão"
        busyLabel="Excluindo..."
        tone="danger"
        busy={remove.isPending}
        error={
          remove.isError ? errorMessage(remove.error, 'Não foi possível excluir o cartão.') : null
        }
        onConfirm={() => remove.mutate(card.id, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** 'Meus cartões': the student's cards, a new one, edit and delete. */
export function MyFlashcards() {
  const cards = useQuery(flashcardsQueryOptions);
  const create = useCreateFlashcard();
  const [created, setCreated] = useState(false);
  return (
    <Card as="section" aria-labelledby="meus-cartoes" className="mt-8">
      <h2 id="meus-cartoes" className="flex items-center gap-2 text-base font-semibold text-ink">
        <Layers className="size-5 text-primary-ink" aria-hidden="true" /> Meus cartões
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Escreva um cartão com o que quer lembrar; ele entra na revisão de hoje.
      </p>
      <div className="mt-4">
        <FlashcardForm
          submitLabel="Criar cartão"
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            setCreated(true);
          }}
        />
        {created && (
          <p role="status" className="mt-2 text-sm text-emerald-700 dark:text-emerald-400">
            Cartão criado.
          </p>
        )}
      </div>
      {cards.isError ? (
        <QueryError
          message={errorMessage(cards.error, 'Não foi possível carregar os seus cartões.')}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
        />
      ) : (
        cards.data &&
        cards.data.items.length > 0 && (
          <ul aria-label="Cartões" className="mt-6 divide-y divide-line border-t border-line">
            {cards.data.items.map((card) => (
              <CardRow key={card.id} card={card} />
            ))}
          </ul>
        )
      )}
    </Card>
  );
}
