import { screen, waitFor, within } from '@testing-library/react';
import { CONTENT_UPLOAD_MESSAGES } from '@gabarita/shared';
import { describe, expect, it } from 'vitest';
import { EDITOR } from '@/test/report-fixtures';
import { apiError, deferred, stubApi, type StubbedRequest } from '@/test/render-app';
import { renderPage } from '@/test/render-page';
import { sseResponse } from '@/test/tutor-fixtures';
import ContentImportPage from './content-import-page';

const OK_CHECK = {
  ok: true,
  lines: [
    'Verificação de catalogo.zip: nenhum problema.',
    '2 provas, 120 questões, 14 imagens; 3 questões sem comentário',
  ],
  problems: [],
};

const FAILED_CHECK = {
  ok: false,
  lines: [
    'Nada foi importado: 3 problemas em 2 arquivos de catalogo.zip\ndisciplinas.json (1 problema)\n  $["ciencias-humanas"]: código inválido',
  ],
  problems: [
    {
      file: 'disciplinas.json',
      path: '$["ciencias-humanas"]',
      message: 'código inválido: use letras minúsculas sem acento, números e _',
    },
    {
      file: 'provas/x_2019_prova.json',
      path: '$.questoes.3.gabarito',
      message: '"F" não está entre as alternativas (A, B, C, D)',
    },
    {
      file: 'provas/x_2019_prova.json',
      path: '$.questoes.7.disciplina',
      message: 'disciplina desconhecida: "astrologia" não está em disciplinas.json',
    },
  ],
};

function zipFile(name = 'catalogo.zip', size?: number) {
  const file = new File(['PK\u0003\u0004'], name, { type: 'application/zip' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

function stubImports(answer: (request: StubbedRequest) => unknown) {
  return stubApi({ 'GET /auth/session': { user: EDITOR }, 'POST /admin/imports': answer });
}

async function renderImport() {
  const view = renderPage(<ContentImportPage />, {
    path: '/admin/importar',
    route: '/admin/importar',
  });
  await screen.findByRole('heading', { level: 1, name: 'Importar conteúdo' });
  return view;
}

describe('/admin/importar', () => {
  it('checks the file with the chosen options and shows a clean report', async () => {
    const api = stubImports(() => OK_CHECK);
    const { user } = await renderImport();
    const input = screen.getByLabelText('Arquivo do catálogo (.zip)');
    await user.upload(input, zipFile());
    await user.click(screen.getByRole('checkbox', { name: 'Permitir renomear disciplinas' }));
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    const report = await screen.findByRole('region', { name: 'Verificação' });
    expect(within(report).getByRole('status')).toHaveTextContent(
      'Nenhum problema encontrado: o catálogo pode ser importado.',
    );
    expect(report).toHaveTextContent('2 provas, 120 questões, 14 imagens');
    expect(within(report).getByRole('heading', { name: 'Verificação' })).toHaveFocus();

    const [request] = api.calls('POST /admin/imports');
    expect(request?.search).toBe('?verificar=1&renomearDisciplinas=1');
    const sent = (request?.body as FormData).get('arquivo') as File;
    expect(sent.name).toBe('catalogo.zip');
    expect(within(report).getByRole('button', { name: 'Importar' })).toBeVisible();
  });

  it('lists the problems by file with their counts, and offers no import', async () => {
    stubImports(() => FAILED_CHECK);
    const { user } = await renderImport();
    await user.upload(screen.getByLabelText('Arquivo do catálogo (.zip)'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    const report = await screen.findByRole('region', { name: 'Verificação' });
    expect(within(report).getByRole('alert')).toHaveTextContent(
      /^Nada foi importado: 3 problemas em 2 arquivos de catalogo\.zip$/,
    );
    const files = within(report).getAllByRole('heading', { level: 3 });
    expect(files.map((heading) => heading.textContent)).toEqual([
      'disciplinas.json (1 problema)',
      'provas/x_2019_prova.json (2 problemas)',
    ]);
    const items = within(report).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('$.questoes.3.gabarito');
    expect(items[1]).toHaveTextContent('"F" não está entre as alternativas (A, B, C, D)');
    expect(within(report).queryByRole('button', { name: 'Importar' })).toBeNull();
  });

  it('shows the questions an import would retire, and retires them only with the box ticked', async () => {
    const removal =
      '2 questões deixariam o catálogo (2, 3), respondidas por 1 aluno: se é isso mesmo, importe com --allow-removals (no navegador, marque "Retirar do catálogo as questões que não estão no arquivo")';
    const api = stubImports((request) => {
      if (!request.search.includes('verificar=1')) {
        return sseResponse([
          { event: 'output', data: { output: ['Importação concluída: 3 provas.'] } },
        ]);
      }
      return request.search.includes('permitirRemocoes=1')
        ? {
            ok: true,
            lines: ['Verificação concluída, nenhum problema: 3 provas, 8 questões, 1 imagem.'],
            problems: [],
            removals: [{ examId: 'alfa_2017_prova', numbers: [2, 3], answeredBy: 1 }],
          }
        : {
            ok: false,
            lines: [
              `Nada foi importado: 1 problema em 1 arquivo de catalogo.zip\nprovas/alfa_2017_prova.json (1 problema)\n  $.questoes: ${removal}`,
            ],
            problems: [
              { file: 'provas/alfa_2017_prova.json', path: '$.questoes', message: removal },
            ],
          };
    });
    const { user } = await renderImport();
    await user.upload(screen.getByLabelText('Arquivo do catálogo (.zip)'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    // Without the box: refused, the removals listed as the problem, no import offered.
    let report = await screen.findByRole('region', { name: 'Verificação' });
    expect(within(report).getByRole('listitem')).toHaveTextContent(removal);
    expect(within(report).queryByRole('button', { name: /^Importar/ })).toBeNull();

    await user.click(
      screen.getByRole('checkbox', {
        name: 'Retirar do catálogo as questões que não estão no arquivo',
      }),
    );
    expect(screen.queryByRole('region', { name: 'Verificação' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    report = await screen.findByRole('region', { name: 'Verificação' });
    expect(report).toHaveTextContent(
      'Esta importação retira do catálogo 2 questões que não estão no arquivo:',
    );
    const list = within(report).getByRole('list', { name: 'Questões a retirar' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['alfa_2017_prova: questões 2, 3 (respondidas por 1 aluno)']);
    await user.click(within(report).getByRole('button', { name: 'Importar e retirar 2 questões' }));
    expect(await screen.findByText('Importação concluída.')).toBeVisible();
    expect(api.calls('POST /admin/imports').map((request) => request.search)).toEqual([
      '?verificar=1',
      '?verificar=1&permitirRemocoes=1',
      '?permitirRemocoes=1',
    ]);
  });

  it('refuses a file over 100 MB without sending it', async () => {
    const api = stubImports(() => OK_CHECK);
    const { user } = await renderImport();
    const input = screen.getByLabelText('Arquivo do catálogo (.zip)');
    await user.upload(input, zipFile('grande.zip', 101 * 1024 * 1024));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(CONTENT_UPLOAD_MESSAGES.tooLarge),
    );
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(input).toHaveFocus();
    expect(api.calls('POST /admin/imports')).toHaveLength(0);
  });

  it("shows the server's message for a refused upload", async () => {
    stubImports(() => apiError(400, 'content/wrong-layout', CONTENT_UPLOAD_MESSAGES.wrongLayout));
    const { user } = await renderImport();
    await user.upload(screen.getByLabelText('Arquivo do catálogo (.zip)'), zipFile());
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    const report = await screen.findByRole('region', { name: 'Verificação' });
    expect(within(report).getByRole('alert')).toHaveTextContent(
      CONTENT_UPLOAD_MESSAGES.wrongLayout,
    );
  });

  it('imports the same file and shows the progress as it arrives, then the result', async () => {
    const hold = deferred();
    const api = stubImports((request) =>
      request.search.includes('verificar=1')
        ? OK_CHECK
        : sseResponse(
            [
              { event: 'progress', data: { line: 'Lendo catalogo.zip...' } },
              { event: 'heartbeat', data: {} },
              { event: 'progress', data: { line: 'Gravando: 50%' } },
            ],
            { hold: hold.promise },
          ),
    );
    const { user } = await renderImport();
    const file = zipFile('catalogo-2026.zip');
    await user.upload(screen.getByLabelText('Arquivo do catálogo (.zip)'), file);
    await user.click(
      screen.getByRole('checkbox', { name: 'Importar comentários em rascunho já revisados' }),
    );
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await user.click(await screen.findByRole('button', { name: 'Importar' }));

    const log = await screen.findByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole('paragraph')
          .map((line) => line.textContent),
      ).toEqual(['Lendo catalogo.zip...', 'Gravando: 50%']),
    );
    expect(screen.getByText('Importando: deixe esta página aberta até o fim.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Verificar' })).toBeDisabled();

    const imported = api.calls('POST /admin/imports')[1];
    expect(imported?.search).toBe('?aceitarRascunhos=1');
    // The same file again: nothing is kept on the server between the check and the import.
    expect(((imported?.body as FormData).get('arquivo') as File).name).toBe(file.name);

    hold.resolve(undefined);
    // The held stream ends without its result: the page says the connection was cut.
    expect(await screen.findByText(/A conexão caiu antes do fim da importação/)).toBeVisible();
  });

  it('shows the final output, or the problems of an import refused while it ran', async () => {
    let refuse = false;
    stubImports((request) => {
      if (request.search.includes('verificar=1')) return OK_CHECK;
      return sseResponse(
        refuse
          ? [
              { event: 'progress', data: { line: 'Lendo catalogo.zip...' } },
              {
                event: 'error',
                data: {
                  code: 'content/invalid',
                  message:
                    'Nada foi importado: 1 problema em 1 arquivo de catalogo.zip\nprovas/x_2019_prova.json (1 problema)\n  $.questoes.3: editada no console',
                  problems: [
                    {
                      file: 'provas/x_2019_prova.json',
                      path: '$.questoes.3',
                      message: 'questão editada no console depois da última importação',
                    },
                  ],
                },
              },
            ]
          : [
              { event: 'progress', data: { line: 'Lendo catalogo.zip...' } },
              { event: 'output', data: { output: ['Importadas 2 provas e 120 questões.'] } },
            ],
      );
    });
    const { user } = await renderImport();
    const input = screen.getByLabelText('Arquivo do catálogo (.zip)');
    await user.upload(input, zipFile());
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await user.click(await screen.findByRole('button', { name: 'Importar' }));

    const section = await screen.findByRole('region', { name: 'Importação' });
    expect(await within(section).findByText('Importação concluída.')).toBeVisible();
    expect(section).toHaveTextContent('Importadas 2 provas e 120 questões.');
    expect(within(section).getByRole('heading', { name: 'Importação' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();

    refuse = true;
    await user.upload(input, zipFile('outro.zip'));
    expect(screen.queryByRole('region', { name: 'Importação' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    const refused = await screen.findByRole('region', { name: 'Importação' });
    expect(await within(refused).findByRole('alert')).toHaveTextContent(
      /^Nada foi importado: 1 problema em 1 arquivo de catalogo\.zip$/,
    );
    expect(within(refused).getByRole('heading', { level: 3 })).toHaveTextContent(
      'provas/x_2019_prova.json (1 problema)',
    );
    expect(refused).toHaveTextContent('questão editada no console depois da última importação');
  });
});
