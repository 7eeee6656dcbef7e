import { z } from 'zod/mini';

/** The largest .zip a browser may upload (docs/content-format.md, "Import from the browser"). */
export const CONTENT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export const CONTENT_UPLOAD_MESSAGES = {
  tooLarge:
    'O arquivo passa de 100 MB: divida o catálogo em partes menores ou use o comando de importação no servidor.',
  notZip: 'Envie um arquivo .zip com a pasta do catálogo.',
  missingFile: 'Escolha o arquivo .zip do catálogo.',
  uploadIncomplete: 'O envio do arquivo chegou incompleto. Envie o .zip outra vez.',
  unsafePath: (name: string) =>
    `O .zip tem um caminho que sai da pasta do catálogo ou não é seguro: "${name}". Nada foi importado.`,
  tooManyEntries: (max: number) =>
    `O .zip tem mais de ${max.toLocaleString('pt-BR')} arquivos: divida o catálogo em partes menores.`,
  entryTooLarge: (name: string) =>
    `"${name}" fica grande demais descompactado: nenhum arquivo de um catálogo passa de 20 MB.`,
  tooLargeUncompressed:
    'O conteúdo do .zip descompactado passa de 1 GB: divida o catálogo em partes menores.',
  compressionBomb: (name: string) =>
    `"${name}" se expande de forma suspeita ao descompactar (taxa de compressão anormal). Nada foi importado.`,
  archiveBomb:
    'O conteúdo do .zip se expande de forma suspeita ao descompactar (taxa de compressão anormal). Nada foi importado.',
  conflictingPaths: (name: string) =>
    `O .zip tem "${name}" duas vezes, ou como arquivo e como pasta ao mesmo tempo: gere o arquivo de novo e envie outra vez. Nada foi importado.`,
  damaged: 'O .zip está corrompido ou incompleto: gere o arquivo de novo e envie outra vez.',
  wrongLayout:
    'O .zip não tem a estrutura de um catálogo: na raiz (ou dentro de uma única pasta) devem estar disciplinas.json e a pasta provas/.',
} as const;

/** Options of an import, as the command's flags (docs/content-format.md). */
export const contentUploadQuerySchema = z.object({
  verificar: z.optional(z.enum(['1'])),
  aceitarRascunhos: z.optional(z.enum(['1'])),
  sobrescreverEdicoes: z.optional(z.enum(['1'])),
  renomearDisciplinas: z.optional(z.enum(['1'])),
  /** `--allow-removals`: retire the questions the file no longer has (docs/product-rules.md). */
  permitirRemocoes: z.optional(z.enum(['1'])),
});

export const contentProblemSchema = z.object({
  file: z.string(),
  path: z.string(),
  message: z.string(),
});

/**
 * The questions of one exam that an import retires from the catalogue (docs/product-rules.md,
 * "Retired questions"), and how many students answered them.
 */
export const contentRemovalSchema = z.object({
  examId: z.string(),
  numbers: z.array(z.int()),
  answeredBy: z.int(),
});
export type ContentRemoval = z.infer<typeof contentRemovalSchema>;

/**
 * The `--check` of an uploaded catalogue: its summary lines, or its problems by file. `removals`,
 * present when the import would retire questions (allowed), lists them for the confirmation.
 */
export const contentCheckSchema = z.object({
  ok: z.boolean(),
  lines: z.array(z.string()),
  problems: z.array(contentProblemSchema),
  removals: z.optional(z.array(contentRemovalSchema)),
});
export type ContentCheck = z.infer<typeof contentCheckSchema>;
