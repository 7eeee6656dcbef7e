import type {
  AuditEntry,
  ReportDetail,
  ReportQueueItem,
  ReportQueuePage,
  SessionUser,
} from '@gabarita/shared';
import { SIGNED_IN_USER } from './render-app';

/** Factories for the editorial area's answers; each test overrides what it asserts on. */

export const EDITOR: SessionUser = {
  ...SIGNED_IN_USER,
  id: 'ed1',
  name: 'Edna Editora',
  email: 'edna@gabarita.test',
  role: 'editor',
};

export const REPORT_IDS = [
  '0b6f2a52-1f1e-4c62-9d3b-5a8f0c1d2e01',
  '0b6f2a52-1f1e-4c62-9d3b-5a8f0c1d2e02',
  '0b6f2a52-1f1e-4c62-9d3b-5a8f0c1d2e03',
] as const;

export function reportItem(
  index: number,
  overrides: Partial<ReportQueueItem> = {},
): ReportQueueItem {
  return {
    id: REPORT_IDS[index] ?? `0b6f2a52-1f1e-4c62-9d3b-5a8f0c1d2f${String(index).padStart(2, '0')}`,
    questionId: 'cmvv_2017_matematica_prova_3',
    questionLabel: 'questão 3 de Professor de Matemática · IBFC · 2017',
    examId: 'cmvv_2017_matematica_prova',
    disciplineName: 'Matemática',
    type: 'Gabarito divergente',
    text: null,
    status: 'new',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    reporterName: 'Maria Candidata',
    openOnQuestion: 1,
    repliedAt: null,
    ...overrides,
  };
}

export function queuePage(
  items: ReportQueueItem[],
  overrides: Partial<ReportQueuePage> = {},
): ReportQueuePage {
  return {
    items,
    next: null,
    counts: { new: 2, reviewing: 1, fixed: 4, rejected: 0 },
    ...overrides,
  };
}

export function reportDetail(
  report: ReportQueueItem,
  overrides: Partial<ReportDetail> = {},
): ReportDetail {
  return {
    report,
    reporter: { name: report.reporterName, email: 'maria@exemplo.com.br' },
    reply: null,
    handledBy: null,
    fixedInVersion: null,
    answerLetter: 'C',
    others: [],
    ...overrides,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2025-10-02T15:04:05.000Z',
    actor: 'Edna Editora <edna@gabarita.test>',
    action: 'report.status',
    target: 'cmvv_2017_matematica_prova_3',
    summary: 'Reporte "Gabarito divergente" de Maria Candidata: Novo → Em análise',
    ...overrides,
  };
}
