import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '@gabarita/shared';
import { formatDateTime } from '@/lib/formatters';
import { apiError, ME_RESPONSE, renderApp } from '@/test/render-app';
import { stubAccount } from '../testing/stub-account';

async function consentsSection() {
  const app = renderApp('/conta');
  const region = await screen.findByRole('region', { name: PRIVACY_MESSAGES.consentTitle });
  return { ...app, region };
}

describe("/conta — 'Termos aceitos'", () => {
  it('lists each accepted document with its version as a date and when it was accepted', async () => {
    stubAccount(ME_RESPONSE, {
      'GET /me/consents': {
        records: [
          {
            document: 'privacidade',
            version: '2026-11-26',
            acceptedAt: '2026-11-26T13:00:00.000Z',
          },
          { document: 'termos', version: '2025-10-02', acceptedAt: '2025-10-05T18:30:00.000Z' },
          {
            document: 'responsavel',
            version: '2025-10-02',
            acceptedAt: '2025-10-05T18:30:00.000Z',
          },
        ],
        pending: [],
      },
    });
    const { region } = await consentsSection();
    const items = within(
      await within(region).findByRole('list', { name: 'Documentos aceitos' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Política de PrivacidadeVersão de 26 de novembro de 2026 · aceito em ${formatDateTime('2026-11-26T13:00:00.000Z')}`,
      `Termos de UsoVersão de 2 de outubro de 2025 · aceito em ${formatDateTime('2025-10-05T18:30:00.000Z')}`,
      `Consentimento do responsável (menor de 18 anos)Versão de 2 de outubro de 2025 · aceito em ${formatDateTime('2025-10-05T18:30:00.000Z')}`,
    ]);
    expect(items[1]).toHaveTextContent('05/10/2025, 15:30:00');
    expect(within(region).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/termos',
    );
    expect(within(region).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/politicas',
    );
  });

  it('says when nothing was recorded, and offers a retry when the list cannot load', async () => {
    let fail = true;
    stubAccount(ME_RESPONSE, {
      'GET /me/consents': () =>
        fail
          ? apiError(503, 'server/unavailable', 'Serviço indisponível.')
          : { records: [], pending: [] },
    });
    const { user, region } = await consentsSection();
    expect(await within(region).findByRole('alert')).toHaveTextContent('Serviço indisponível.');
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByText('Nenhum aceite registrado nesta conta.')).toBeVisible();
  });
});
