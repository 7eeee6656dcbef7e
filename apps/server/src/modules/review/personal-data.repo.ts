import { asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { flashcards, reviewLogs, reviewSettings } from '@/db/schema';

/** What the review keeps of one account, for 'Baixar meus dados' (docs/product-rules.md, "Review"). */
export async function readReviewPersonalData(db: Database, userId: string) {
  const [cards, logs, settings] = [
    await db
      .select({
        id: flashcards.guid,
        front: flashcards.front,
        back: flashcards.back,
        disciplineCode: flashcards.disciplineCode,
        subject: flashcards.subject,
        sourceQuestionId: flashcards.sourceQuestionId,
        flaggedBecause: flashcards.flaggedBecause,
        dueDay: flashcards.dueDay,
        reps: flashcards.reps,
        lapses: flashcards.lapses,
        stability: flashcards.stability,
        difficulty: flashcards.difficulty,
        lastReviewedAt: flashcards.lastReviewedAt,
        createdAt: flashcards.createdAt,
      })
      .from(flashcards)
      .where(eq(flashcards.userId, userId))
      .orderBy(asc(flashcards.createdAt)),
    await db
      .select({
        itemGuid: reviewLogs.itemGuid,
        kind: reviewLogs.kind,
        questionId: reviewLogs.questionId,
        rating: reviewLogs.rating,
        reviewedAt: reviewLogs.reviewedAt,
        nextDueDay: reviewLogs.nextDueDay,
        applied: reviewLogs.applied,
      })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, userId))
      .orderBy(asc(reviewLogs.reviewedAt)),
    await db
      .select({ desiredRetention: reviewSettings.desiredRetention })
      .from(reviewSettings)
      .where(eq(reviewSettings.userId, userId)),
  ];
  return { flashcards: cards, logs, desiredRetention: settings[0]?.desiredRetention ?? null };
}

export type ReviewPersonalData = Awaited<ReturnType<typeof readReviewPersonalData>>;

const RATINGS = { 1: 'Errei', 2: 'Difícil', 3: 'Bom', 4: 'Fácil' } as Record<number, string>;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The export's file of the review, keys and values in Portuguese. */
export function reviewExportFile(data: ReviewPersonalData) {
  return {
    retencaoDesejada: data.desiredRetention,
    cartoes: data.flashcards.map((card) => ({
      id: card.id,
      frente: card.front,
      verso: card.back,
      disciplina: card.disciplineCode,
      assunto: card.subject,
      questaoDeOrigem: card.sourceQuestionId,
      aviso: card.flaggedBecause,
      revisarNoDia: card.dueDay,
      revisoes: card.reps,
      esquecimentos: card.lapses,
      estabilidadeEmDias: card.stability,
      dificuldade: card.difficulty,
      ultimaRevisaoEm: iso(card.lastReviewedAt),
      criadoEm: iso(card.createdAt),
    })),
    revisoes: data.logs.map((log) => ({
      item: log.itemGuid,
      tipo: log.kind === 'question' ? 'questão' : 'cartão',
      questao: log.questionId,
      avaliacao: RATINGS[log.rating],
      feitaEm: iso(log.reviewedAt),
      proximaNoDia: log.nextDueDay,
      valeu: log.applied,
    })),
  };
}
