import { describe, expect, it } from 'vitest';
import { REPORT_TRIAGE_MESSAGES, reportReplySchema } from '@gabarita/shared';
import { reportDetail, reportItem } from '@/test/report-fixtures';
import { fillReplyTemplate, mayReplaceSilently, REPLY_TEMPLATE_OPTIONS } from './reply-templates';

describe('reply templates', () => {
  it('are offered as the statuses they announce', () => {
    expect(REPLY_TEMPLATE_OPTIONS).toEqual([
      { value: 'reviewing', label: 'Em análise' },
      { value: 'fixed', label: 'Corrigido' },
      { value: 'rejected', label: 'Recusado' },
    ]);
  });

  it("fill in the reporter's first name and the question's label", () => {
    const detail = reportDetail(reportItem(0), {
      reporter: { name: '  Maria   Clara Souza ', email: 'maria@exemplo.com.br' },
    });
    expect(fillReplyTemplate('reviewing', detail)).toBe(
      'Olá, Maria! Recebemos o seu reporte sobre a questão 3 de Professor de Matemática · IBFC · 2017 e estamos analisando. Avisaremos quando terminarmos.',
    );
    expect(fillReplyTemplate('rejected', detail)).toBe(
      'Olá, Maria! Obrigado por reportar. Analisamos a questão 3 de Professor de Matemática · IBFC · 2017 e ela está correta como publicada, por isso a mantivemos como está. Se ainda tiver dúvidas, escreva para nós pela Central de Ajuda.',
    );
  });

  it("may be sent as they are, except 'Corrigido', which waits for what was fixed", () => {
    const detail = reportDetail(reportItem(0));
    for (const { value } of REPLY_TEMPLATE_OPTIONS) {
      const parsed = reportReplySchema.safeParse({ mensagem: fillReplyTemplate(value, detail) });
      expect(parsed.success, value).toBe(value !== 'fixed');
    }
    expect(
      reportReplySchema.safeParse({ mensagem: fillReplyTemplate('fixed', detail) }).error?.issues[0]
        ?.message,
    ).toBe(REPORT_TRIAGE_MESSAGES.replyUnfinished);
  });

  it('replace the text silently only when the editor wrote nothing of their own', () => {
    expect(mayReplaceSilently('', '')).toBe(true);
    expect(mayReplaceSilently('   \n', 'Olá!')).toBe(true);
    expect(mayReplaceSilently('Olá, Maria!', 'Olá, Maria!')).toBe(true);
    expect(mayReplaceSilently('Olá, Maria! Corrigimos.', 'Olá, Maria!')).toBe(false);
    expect(mayReplaceSilently('Texto meu', '')).toBe(false);
  });
});
