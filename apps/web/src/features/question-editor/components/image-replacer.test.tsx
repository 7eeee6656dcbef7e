import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, SIGNED_IN_USER, stubApi } from '@/test/render-app';
import { renderPage } from '@/test/render-page';
import { ImageReplacer } from './image-replacer';

const FIGURE = {
  assetId: 'grafico_chuva',
  url: '/api/images/grafico_chuva?v=abc',
  zoomUrl: null,
  width: 640,
  height: 320,
  minWidth: null,
};

function renderReplacer() {
  return renderPage(<ImageReplacer figures={[FIGURE]} />, { path: '/', route: '/' });
}

describe('ImageReplacer', () => {
  it('sends the chosen file for that image and says it was replaced', async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'PUT /admin/images/grafico_chuva': {
        message: 'Imagem grafico_chuva substituída em todas as questões que a usam.',
        version: 'def',
      },
    });
    const { user } = renderReplacer();
    const file = new File(['<svg/>'], 'nova.svg', { type: 'image/svg+xml' });
    await user.upload(screen.getByLabelText(/Substituir imagem/), file);
    expect(
      await screen.findByText('Imagem grafico_chuva substituída em todas as questões que a usam.'),
    ).toBeVisible();
    expect(
      api.requests.some((r) => r.method === 'PUT' && r.path === '/admin/images/grafico_chuva'),
    ).toBe(true);
  });

  it("shows the importer's refusal, and refuses a file over 10 MB before sending it", async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'PUT /admin/images/grafico_chuva': apiError(
        400,
        'editor/image-invalid',
        'o conteúdo não é PNG como diz a extensão',
      ),
    });
    const { user } = renderReplacer();
    const input = screen.getByLabelText(/Substituir imagem/);
    await user.upload(input, new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByText('o conteúdo não é PNG como diz a extensão')).toBeVisible();

    const puts = () => api.requests.filter((r) => r.method === 'PUT').length;
    const before = puts();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.png', {
      type: 'image/png',
    });
    await user.upload(input, huge);
    expect(await screen.findByText('A imagem passa de 10 MB.')).toBeVisible();
    expect(puts()).toBe(before);
  });
});
