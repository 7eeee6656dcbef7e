import { REPORT_REPLY_TEMPLATES, REPORT_STATUS_LABELS, type ReportDetail } from '@gabarita/shared';

export type ReplyTemplate = keyof typeof REPORT_REPLY_TEMPLATES;

export const REPLY_TEMPLATE_OPTIONS = (Object.keys(REPORT_REPLY_TEMPLATES) as ReplyTemplate[]).map(
  (value) => ({ value, label: REPORT_STATUS_LABELS[value] }),
);

export function isReplyTemplate(value: string): value is ReplyTemplate {
  return Object.hasOwn(REPORT_REPLY_TEMPLATES, value);
}

/** A reply's starting text for this report: the reporter's first name and the question's label. */
export function fillReplyTemplate(template: ReplyTemplate, detail: ReportDetail): string {
  const firstName = detail.reporter.name.trim().split(/\s+/)[0] ?? '';
  return REPORT_REPLY_TEMPLATES[template]
    .replaceAll('{nome}', firstName)
    .replaceAll('{questao}', detail.report.questionLabel);
}

/**
 * A template may replace the text without asking when there is nothing of the editor's own in it:
 * the box is empty, or holds exactly the template filled in last.
 */
export function mayReplaceSilently(text: string, lastFilled: string): boolean {
  return text.trim() === '' || text === lastFilled;
}
