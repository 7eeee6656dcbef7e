import { describe, expect, it } from 'vitest';
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
      'Olá, Maria! Obrigado por reportar. Analisamos a questão 3 de Professor de Matemática · IBFC · 2017 e ela está correta como publicada: ',
    );
  });

  it('replace the text silently only when the editor wrote nothing of their own', () => {
    expect(mayReplaceSilently('', '')).toBe(true);
    expect(mayReplaceSilently('   \n', 'Olá!')).toBe(true);
    expect(mayReplaceSilently('Olá, Maria!', 'Olá, Maria!')).toBe(true);
    expect(mayReplaceSilently('Olá, Maria! Corrigimos.', 'Olá, Maria!')).toBe(false);
    expect(mayReplaceSilently('Texto meu', '')).toBe(false);
  });
});
