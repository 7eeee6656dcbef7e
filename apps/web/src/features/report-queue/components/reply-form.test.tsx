import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { questionDetail } from '@/test/catalog-fixtures';
import { EDITOR, queuePage, reportDetail, reportItem } from '@/test/report-fixtures';
import { renderApp, stubApi } from '@/test/render-app';

const REPORT = reportItem(0);
const LABEL = 'questão 3 de Professor de Matemática · IBFC · 2017';
const REVIEWING = `Olá, Maria! Recebemos o seu reporte sobre a ${LABEL} e estamos analisando. Avisaremos quando terminarmos.`;
const FIXED = `Olá, Maria! Obrigado por reportar o erro na ${LABEL}. Corrigimos a questão: `;
const REJECTED = `Olá, Maria! Obrigado por reportar. Analisamos a ${LABEL} e ela está correta como publicada, por isso a mantivemos como está. Se ainda tiver dúvidas, escreva para nós pela Central de Ajuda.`;

async function renderReplyForm() {
  stubApi({
    'GET /auth/session': { user: EDITOR },
    'GET /admin/reports': queuePage([REPORT]),
    'GET /disciplines': { disciplines: [] },
    [`GET /admin/reports/${REPORT.id}`]: reportDetail(REPORT),
    [`GET /questions/${REPORT.questionId}`]: questionDetail(3),
  });
  const app = renderApp(`/admin/reportes?reporte=${REPORT.id}`);
  const region = await screen.findByRole('region', { name: 'Resposta ao estudante' });
  const box = within(region).getByRole('textbox', { name: 'Mensagem' });
  const chooseTemplate = async (name: string) => {
    await app.user.click(within(region).getByRole('combobox', { name: 'Modelo' }));
    await app.user.click(await screen.findByRole('option', { name }));
  };
  return { ...app, region, box, chooseTemplate };
}

describe('the reply templates in a report', () => {
  it('fill an empty box, and replace a template left unchanged without asking', async () => {
    const { box, chooseTemplate, region } = await renderReplyForm();
    await chooseTemplate('Em análise');
    expect(box).toHaveValue(REVIEWING);
    expect(within(region).getByRole('combobox', { name: 'Modelo' })).toHaveValue('Em análise');

    await chooseTemplate('Corrigido');
    expect(box).toHaveValue(FIXED);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ask before replacing what the editor wrote, and keep it when they say so', async () => {
    const { user, box, chooseTemplate } = await renderReplyForm();
    await chooseTemplate('Corrigido');
    await user.type(box, 'o gabarito agora é C.');

    await chooseTemplate('Recusado');
    const dialog = await screen.findByRole('dialog', { name: 'Substituir o texto?' });
    expect(dialog).toHaveTextContent('O que você escreveu será trocado pelo modelo "Recusado".');
    const keep = within(dialog).getByRole('button', { name: 'Manter meu texto' });
    expect(keep).toHaveFocus();
    await user.click(keep);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box).toHaveValue(`${FIXED}o gabarito agora é C.`);

    await chooseTemplate('Em análise');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Substituir' }),
    );
    expect(box).toHaveValue(REVIEWING);
  });

  it('ask too when the editor wrote in an empty box before choosing', async () => {
    const { user, box, chooseTemplate } = await renderReplyForm();
    await user.type(box, 'Oi');
    await chooseTemplate('Recusado');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Substituir' }),
    );
    expect(box).toHaveValue(REJECTED);
  });
});
