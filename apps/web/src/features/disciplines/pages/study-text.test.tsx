import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AI_MESSAGES, SUBSCRIPTION_WARNINGS } from '@gabarita/shared';
import { disciplinePage } from '@/test/catalog-fixtures';
import { renderApp, SIGNED_IN_USER, stubApi, type ApiRoutes } from '@/test/render-app';
import {
  FREE_TOKENS,
  GEMINI_TUTOR,
  OFFLINE_TUTOR,
  premiumTokens,
  sseResponse,
  tutorAnswer,
  appInfo,
} from '@/test/tutor-fixtures';

const STUDY_TEXT =
  '## Frações\n\nUma fração representa partes de um todo. **Pegadinha:** somar denominadores.';

function stubStudy(routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: { ...SIGNED_IN_USER, accountType: 'premium' } },
    'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }),
    'GET /me/tokens': premiumTokens(),
    'GET /disciplines': {
      disciplines: [
        {
          code: 'matematica',
          name: 'Matemática',
          questionCount: 3,
          subjects: [
            { name: 'Frações', questionCount: 2 },
            { name: 'Geometria', questionCount: 1 },
          ],
        },
      ],
    },
    'GET /disciplines/matematica/questions': disciplinePage([]),
    'POST /didactic-content': () => sseResponse(tutorAnswer(STUDY_TEXT, { feature: 'didactic' })),
    ...routes,
  });
}

const panel = () => screen.getByRole('region', { name: 'Conteúdo didático com IA' });

describe('/conteudo-didatico — study texts', () => {
  it("lists the subjects with 'Estudar com IA', which opens the subject and writes its text", async () => {
    const api = stubStudy();
    const { user, router } = renderApp('/conteudo-didatico?disciplina=matematica');
    const subjects = await screen.findByRole('list', { name: 'Assuntos da disciplina' });
    expect(within(subjects).getAllByRole('listitem')).toHaveLength(2);
    await user.click(
      within(subjects).getByRole('button', { name: `${AI_MESSAGES.studyWithAi}: Frações` }),
    );
    expect(await within(panel()).findByRole('heading', { name: 'Frações' })).toBeVisible();
    expect(within(panel()).getByText('Pegadinha:')).toBeVisible();
    expect(router.state.location.search).toBe(
      '?disciplina=matematica&assunto=Fra%C3%A7%C3%B5es&estudo=1',
    );
    expect(api.calls('POST /didactic-content')[0]?.body).toEqual({
      disciplina: 'matematica',
      assunto: 'Frações',
    });
  });

  it("waits for 'Gerar conteúdo com IA' when a subject is simply chosen", async () => {
    const api = stubStudy();
    const { user } = renderApp(
      '/conteudo-didatico?disciplina=matematica&assunto=Fra%C3%A7%C3%B5es',
    );
    await user.click(await screen.findByRole('button', { name: AI_MESSAGES.generateContent }));
    expect(await within(panel()).findByText('Pegadinha:')).toBeVisible();
    expect(api.calls('POST /didactic-content')).toHaveLength(1);
  });

  it("offers 'Gerar novamente' with a language model only: the offline tutor writes the same text", async () => {
    stubStudy();
    const { user, unmount } = renderApp(
      '/conteudo-didatico?disciplina=matematica&assunto=Fra%C3%A7%C3%B5es',
    );
    await user.click(await screen.findByRole('button', { name: AI_MESSAGES.generateContent }));
    await within(panel()).findByText('Pegadinha:');
    expect(screen.getByRole('button', { name: 'Gerar novamente' })).toBeVisible();
    unmount();

    stubStudy({
      'GET /app-info': appInfo({ tutor: OFFLINE_TUTOR }),
      'POST /didactic-content': () =>
        sseResponse(tutorAnswer(STUDY_TEXT, { feature: 'didactic', tutor: OFFLINE_TUTOR })),
    });
    const offline = renderApp('/conteudo-didatico?disciplina=matematica&assunto=Fra%C3%A7%C3%B5es');
    await offline.user.click(
      await screen.findByRole('button', { name: AI_MESSAGES.generateContentOffline }),
    );
    await screen.findByText('Pegadinha:');
    expect(screen.queryByRole('button', { name: 'Gerar novamente' })).toBeNull();
  });

  it('sends a user without AI to /assinatura with the ai_limit warning', async () => {
    const api = stubStudy({ 'GET /me/tokens': FREE_TOKENS });
    const { user } = renderApp(
      '/conteudo-didatico?disciplina=matematica&assunto=Fra%C3%A7%C3%B5es',
    );
    await screen.findByText(/Disponível no Premium ou com um pacote de tokens/);
    await user.click(screen.getByRole('button', { name: AI_MESSAGES.generateContent }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIPTION_WARNINGS.ai_limit);
    expect(api.calls('POST /didactic-content')).toHaveLength(0);
  });

  it("shows the product's failure text", async () => {
    stubStudy({
      'POST /didactic-content': () =>
        sseResponse([
          {
            event: 'error',
            data: { code: 'ai/provider-failed', message: AI_MESSAGES.contentServiceFailed },
          },
        ]),
    });
    renderApp('/conteudo-didatico?disciplina=matematica&assunto=Fra%C3%A7%C3%B5es&estudo=1');
    expect(await screen.findByText(AI_MESSAGES.contentFailed)).toBeVisible();
  });
});
