import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyReport } from '@gabarita/shared';
import { apiError, ME_RESPONSE, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

function stubAccount(reports: unknown) {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    'GET /me': ME_RESPONSE,
    'GET /me/purchases': { plans: [], packages: [], pending: [] },
    'GET /me/error-reports': reports,
  });
}

async function myReports() {
  renderApp('/conta');
  return screen.findByRole('region', { name: 'Meus reportes' });
}

const REPLIED: MyReport = {
  id: '0b6f2a52-1f1e-4c62-9d3b-5a8f0c1d2e01',
  questionId: 'etfsc_2015_professor_quimica_prova_1',
  examId: 'etfsc_2015_professor_quimica_prova',
  questionLabel: 'questão 1 de Professor de Química · IFSC · 2015',
  type: 'Gabarito divergente',
  status: 'fixed',
  createdAt: '2025-10-01T13:00:00.000Z',
  reply:
    'Olá, Maria! Obrigado por reportar o erro na questão 1. Corrigimos a questão: o gabarito é D.',
  repliedAt: '2025-10-02T15:04:05.000Z',
};

describe("/conta — 'Meus reportes'", () => {
  it('lists each report with its question, type, date, status and the team’s reply', async () => {
    stubAccount({
      reports: [
        REPLIED,
        {
          ...REPLIED,
          id: '0b6f2a52-1f1e-4c62-9d3b-5a8f0c1d2e02',
          questionId: 'cmva_2017_professor_historia_prova_12',
          examId: 'cmva_2017_professor_historia_prova',
          questionLabel: 'questão 12 de Professor de História · Câmara · 2017',
          type: 'Outro',
          status: 'new',
          reply: null,
          repliedAt: null,
        },
      ],
    });
    const region = await myReports();
    const items = within(
      await within(region).findByRole('list', { name: 'Erros reportados' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const [replied, waiting] = items as [HTMLElement, HTMLElement];
    expect(within(replied).getByRole('link', { name: REPLIED.questionLabel })).toHaveAttribute(
      'href',
      '/questoes?prova=etfsc_2015_professor_quimica_prova&q=etfsc_2015_professor_quimica_prova_1',
    );
    expect(replied).toHaveTextContent('Gabarito divergente · enviado em 01/10/2025');
    expect(replied).toHaveTextContent('Corrigido');
    expect(within(replied).getByText(/^Resposta da equipe/)).toHaveTextContent(
      /Resposta da equipe\s*em 02\/10\/2025,? 12:04:05/,
    );
    expect(within(replied).getByText(REPLIED.reply!)).toBeVisible();

    expect(within(waiting).getByRole('link')).toHaveAttribute(
      'href',
      '/questoes?prova=cmva_2017_professor_historia_prova&q=cmva_2017_professor_historia_prova_12',
    );
    expect(waiting).toHaveTextContent('Novo');
    expect(waiting).not.toHaveTextContent('Resposta da equipe');
  });

  it('tells how to report when there is nothing yet', async () => {
    stubAccount({ reports: [] });
    const region = await myReports();
    expect(await within(region).findByText('Você ainda não reportou erros.')).toBeVisible();
    expect(within(region).getByText('Use "Reportar erro" em uma questão.')).toBeVisible();
    expect(within(region).queryByRole('list')).toBeNull();
  });

  it('offers a retry when the reports cannot load', async () => {
    stubAccount(() => apiError(503, 'internal', 'Serviço indisponível.'));
    const region = await myReports();
    expect(await within(region).findByRole('alert')).toHaveTextContent('Serviço indisponível.');
    expect(within(region).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });
});
