import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Database, executeRows } from '@/db/client';
import { aiFeedback, aiGenerations, didacticContents } from '@/db/schema';

export interface Authorship {
  provider: string;
  model: string;
  languageModel: boolean;
}

export interface StoredText extends Authorship {
  content: string;
  finishReason: string;
  createdAt: Date;
}

export interface NewText extends Authorship {
  content: string;
  finishReason: string;
  outputTokens: number;
  createdBy: string | null;
}

const storedColumns = (table: typeof aiFeedback | typeof didacticContents) => ({
  content: table.content,
  provider: table.provider,
  model: table.model,
  languageModel: table.languageModel,
  finishReason: table.finishReason,
  createdAt: table.createdAt,
});

export async function findCurrentFeedback(db: Database, questionId: string) {
  const [row] = await db
    .select(storedColumns(aiFeedback))
    .from(aiFeedback)
    .where(and(eq(aiFeedback.questionId, questionId), isNull(aiFeedback.supersededAt)));
  return row as StoredText | undefined;
}

/** Keeps the current explanation as an earlier version; the next request writes a new one. */
export async function supersedeFeedback(db: Database, questionId: string) {
  await db
    .update(aiFeedback)
    .set({ supersededAt: sql`now()` })
    .where(and(eq(aiFeedback.questionId, questionId), isNull(aiFeedback.supersededAt)));
}

/** Stores a new current explanation; the previous one becomes an earlier version. */
export async function saveFeedback(db: Database, questionId: string, text: NewText) {
  await supersedeFeedback(db, questionId);
  await db.insert(aiFeedback).values({ questionId, ...text });
}

export async function findCurrentDidactic(db: Database, disciplineCode: string, subject: string) {
  const [row] = await db
    .select(storedColumns(didacticContents))
    .from(didacticContents)
    .where(
      and(
        eq(didacticContents.disciplineCode, disciplineCode),
        eq(didacticContents.subject, subject),
        isNull(didacticContents.supersededAt),
      ),
    );
  return row as StoredText | undefined;
}

export async function supersedeDidactic(db: Database, disciplineCode: string, subject: string) {
  await db
    .update(didacticContents)
    .set({ supersededAt: sql`now()` })
    .where(
      and(
        eq(didacticContents.disciplineCode, disciplineCode),
        eq(didacticContents.subject, subject),
        isNull(didacticContents.supersededAt),
      ),
    );
}

/** Stores a new current study text, written from `questionIds`; the previous one becomes earlier. */
export async function saveDidactic(
  db: Database,
  disciplineCode: string,
  subject: string,
  text: NewText & { questionIds: string[] },
) {
  await supersedeDidactic(db, disciplineCode, subject);
  await db.insert(didacticContents).values({ disciplineCode, subject, ...text });
}

const leaseFor = (seconds: number) => sql`now() + make_interval(secs => ${seconds}::int)`;

/**
 * Takes the right to write `key` for `leaseSeconds`; false while another live holder has it. A
 * holder whose lease ran out (its server died) is replaced.
 */
export async function claimGeneration(
  db: Database,
  claim: Authorship & { key: string; feature: 'feedback' | 'didactic'; userId: string },
  leaseSeconds: number,
) {
  const rows = await db
    .insert(aiGenerations)
    .values({ ...claim, text: '', leaseUntil: leaseFor(leaseSeconds) })
    .onConflictDoUpdate({
      target: aiGenerations.key,
      set: {
        feature: claim.feature,
        userId: claim.userId,
        provider: claim.provider,
        model: claim.model,
        languageModel: claim.languageModel,
        text: '',
        startedAt: sql`now()`,
        leaseUntil: leaseFor(leaseSeconds),
      },
      setWhere: lt(aiGenerations.leaseUntil, sql`now()`),
    })
    .returning({ key: aiGenerations.key });
  return rows.length === 1;
}

/** The text written so far, and renews the lease. */
export async function updateGeneration(
  db: Database,
  key: string,
  text: string,
  leaseSeconds: number,
) {
  await db
    .update(aiGenerations)
    .set({ text, leaseUntil: leaseFor(leaseSeconds) })
    .where(eq(aiGenerations.key, key));
}

export async function deleteGeneration(db: Database, key: string) {
  await db.delete(aiGenerations).where(eq(aiGenerations.key, key));
}

/** A live generation of `key` (its lease not run out), with the text so far. */
export async function findLiveGeneration(db: Database, key: string) {
  const [row] = await executeRows<{
    text: string;
    provider: string;
    model: string;
    language_model: boolean;
  }>(
    db,
    sql`select text, provider, model, language_model from ai_generations
        where key = ${key} and lease_until > now()`,
  );
  return row;
}

/** Generations whose holder died long ago (housekeeping). */
export async function purgeDeadGenerations(db: Database) {
  const rows = await db
    .delete(aiGenerations)
    .where(lt(aiGenerations.leaseUntil, sql`now() - interval '1 hour'`))
    .returning({ key: aiGenerations.key });
  return rows.length;
}
