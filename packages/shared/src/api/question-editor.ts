import { z } from 'zod/mini';
import { countLabel } from '../plural';

/** An alternative as format 2 writes it: 'A) text', or an object (text, HTML or image). */
const alternativeSchema = z.union([
  z.string(),
  z.object({
    letra: z.string(),
    texto: z.optional(z.string()),
    html: z.optional(z.string()),
    imagem: z.optional(z.string()),
    descricao: z.optional(z.string()),
  }),
]);

const commentSchema = z.object({
  resumo: z.string(),
  alternativas: z.record(z.string(), z.string()),
  fundamento: z.optional(
    z.array(z.object({ tipo: z.string(), referencia: z.string(), url: z.optional(z.string()) })),
  ),
  autoria: z.optional(
    z.object({ nome: z.optional(z.string()), revisado_em: z.optional(z.string()) }),
  ),
});

/**
 * A question as the editorial console edits it: its format 2 question object
 * (docs/content-format.md) and the reference texts it uses under `textos`. The server checks it
 * with the importer's own rules; the shapes here only keep obviously broken requests out.
 */
export const questionSnapshotSchema = z.object({
  questao: z.string().check(z.maxLength(100_000)),
  Alternativas: z.array(alternativeSchema).check(z.maxLength(5)),
  gabarito: z.string(),
  disciplina: z.string(),
  assunto: z.string(),
  referencia: z.optional(z.array(z.string()).check(z.maxLength(20))),
  img: z.optional(z.tuple([z.string(), z.string()])),
  situacao: z.optional(z.string()),
  nota: z.optional(z.string()),
  comentario: z.optional(commentSchema),
  textos: z.record(z.string(), z.string().check(z.maxLength(200_000))),
});
export type QuestionSnapshot = z.infer<typeof questionSnapshotSchema>;

export const QUESTION_VERSION_SOURCE_LABELS = {
  import: 'Importação',
  edit: 'Edição',
  restore: 'Restauração',
} as const;

export const questionVersionSchema = z.object({
  version: z.number(),
  source: z.enum(['import', 'edit', 'restore']),
  changes: z.array(z.string()),
  createdByName: z.nullable(z.string()),
  createdAt: z.string(),
});
export type QuestionVersion = z.infer<typeof questionVersionSchema>;

export const questionEditingSchema = z.object({
  questionId: z.string(),
  examId: z.string(),
  number: z.number(),
  examLabel: z.string(),
  snapshot: questionSnapshotSchema,
  /** The exam's reference texts, any of which the question may use. */
  examTexts: z.record(z.string(), z.string()),
  /** The catalogue's disciplines, for the discipline field. */
  disciplines: z.array(z.object({ code: z.string(), name: z.string() })),
  versions: z.array(questionVersionSchema),
});
export type QuestionEditing = z.infer<typeof questionEditingSchema>;

/** A save names the newest version the editor saw (0: none), so no one's edit is lost. */
export const questionSaveSchema = z.object({
  snapshot: questionSnapshotSchema,
  baseVersion: z.number().check(z.int(), z.nonnegative()),
});

export const questionRestoreSchema = z.object({
  baseVersion: z.number().check(z.int(), z.nonnegative()),
});

export const questionSaveResponseSchema = z.object({
  message: z.string(),
  editing: questionEditingSchema,
});

export const questionVersionParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(300)),
  version: z.coerce.number().check(z.int(), z.positive()),
});

export const questionVersionDetailSchema = z.object({
  version: questionVersionSchema,
  snapshot: questionSnapshotSchema,
  /** The version before it, to compare with; null for the first. */
  previous: z.nullable(questionSnapshotSchema),
});
export type QuestionVersionDetail = z.infer<typeof questionVersionDetailSchema>;

export const QUESTION_EDITOR_MESSAGES = {
  saved: (version: number) => `Questão salva (versão ${version}).`,
  unchanged: 'Nada mudou: nenhuma versão nova foi criada.',
  restored: (from: number, version: number) => `Versão ${from} restaurada como versão ${version}.`,
  invalid: (count: number) =>
    `A questão não foi salva: ${countLabel(count, 'problema', 'problemas')} a corrigir.`,
  keyChange:
    'Para mudar o gabarito ou anular a questão, use "Gabarito definitivo": ele recalcula as respostas já dadas.',
  versionNotFound: 'Versão não encontrada.',
  /** A retired question is not edited as a live one (docs/product-rules.md, "Retired questions"). */
  retired:
    'Esta questão foi retirada do catálogo por uma importação e não é editada no console. Para trazê-la de volta, inclua-a de novo no arquivo da prova e importe.',
  stale:
    'Outra pessoa salvou esta questão enquanto você editava: recarregue para ver a versão atual e refaça sua alteração.',
} as const;

export const IMAGE_REPLACE_MAX_BYTES = 10 * 1024 * 1024;

export const IMAGE_REPLACE_MESSAGES = {
  replaced: (assetId: string) => `Imagem ${assetId} substituída em todas as questões que a usam.`,
  unsupported: 'Envie uma imagem .svg, .png, .jpg, .webp ou .gif.',
  tooLarge: 'A imagem passa de 10 MB.',
  missingFile: 'Escolha o arquivo da imagem.',
  uploadIncomplete: 'O envio da imagem chegou incompleto. Tente novamente.',
  notFound: 'Imagem não encontrada no catálogo.',
} as const;

export const imageReplaceResponseSchema = z.object({ message: z.string(), version: z.string() });
