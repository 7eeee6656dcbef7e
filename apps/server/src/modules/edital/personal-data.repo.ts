import { asc, eq } from 'drizzle-orm';
import type { SyllabusTopic } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { editais } from '@/db/schema';

/** The student's editais for the data export, with the text each was read from. */
export async function readEditalPersonalData(db: Database, userId: string) {
  return db
    .select({
      id: editais.id,
      name: editais.name,
      examDate: editais.examDate,
      syllabus: editais.syllabus,
      sourceText: editais.sourceText,
      createdAt: editais.createdAt,
      updatedAt: editais.updatedAt,
    })
    .from(editais)
    .where(eq(editais.userId, userId))
    .orderBy(asc(editais.createdAt));
}

export type EditalPersonalData = Awaited<ReturnType<typeof readEditalPersonalData>>;

interface ExportTopic {
  numero: string | null;
  texto: string;
  subtopicos: ExportTopic[];
}

function exportTopic(topic: SyllabusTopic): ExportTopic {
  return { numero: topic.number, texto: topic.text, subtopicos: topic.children.map(exportTopic) };
}

/** The export's file of the editais, keys in Portuguese. */
export function editalExportFile(data: EditalPersonalData) {
  return data.map((edital) => ({
    id: edital.id,
    nome: edital.name,
    dataDaProva: edital.examDate,
    criadoEm: edital.createdAt.toISOString(),
    alteradoEm: edital.updatedAt.toISOString(),
    disciplinas: edital.syllabus.map((discipline) => ({
      nome: discipline.name,
      topicos: discipline.topics.map(exportTopic),
    })),
    textoOriginal: edital.sourceText,
  }));
}
