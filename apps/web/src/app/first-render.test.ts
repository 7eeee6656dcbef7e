import { describe, expect, it } from 'vitest';
import { examDetail, questionCard, questionDetail } from '@/test/catalog-fixtures';
import { SIGNED_IN_USER, stubApi } from '@/test/render-app';
import { QUERY_KEYS } from '@/domain/query-keys';
import { appInfoQueryOptions } from '@/domain/app-info';
import { prepareFirstRender } from './first-render';
import { createQueryClient } from './query-client';

const EXAM_ID = 'cmvv_2017_matematica_prova';
const QUESTION_ID = `${EXAM_ID}_1`;
const viewerUrl = new URL(`http://localhost/questoes?prova=${EXAM_ID}&q=${QUESTION_ID}`);

describe('prepareFirstRender', () => {
  it("holds the session, the viewer's exam and its question before the first render", async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      [`GET /exams/${EXAM_ID}`]: examDetail([questionCard(1)]),
      [`GET /questions/${QUESTION_ID}`]: questionDetail(1),
    });
    const queryClient = createQueryClient();
    await prepareFirstRender(queryClient, viewerUrl);
    expect(queryClient.getQueryData(QUERY_KEYS.session)).toEqual({ user: SIGNED_IN_USER });
    expect(queryClient.getQueryData(QUERY_KEYS.examDetail(EXAM_ID))).toMatchObject({
      exam: { id: EXAM_ID },
    });
    expect(queryClient.getQueryData(QUERY_KEYS.question(QUESTION_ID))).toMatchObject({
      id: QUESTION_ID,
    });
    expect(api.calls(`GET /questions/${QUESTION_ID}`)).toHaveLength(1);
  });

  it('asks a visitor only for the session there (the viewer sends visitors to /login)', async () => {
    const api = stubApi();
    await prepareFirstRender(createQueryClient(), viewerUrl);
    expect(api.calls(`GET /exams/${EXAM_ID}`)).toHaveLength(0);
    expect(api.calls(`GET /questions/${QUESTION_ID}`)).toHaveLength(0);
    expect(api.calls('GET /auth/session')).toHaveLength(1);
  });

  it("holds the server's set-up, whose tutor decides the screens' wording", async () => {
    const api = stubApi();
    const queryClient = createQueryClient();
    await prepareFirstRender(queryClient, new URL('http://localhost/conteudo-didatico'));
    expect(queryClient.getQueryData(appInfoQueryOptions.queryKey)).toMatchObject({
      tutor: { languageModel: expect.any(Boolean) },
    });
    expect(api.calls('GET /app-info')).toHaveLength(1);
  });

  it("asks a visitor's /login for the sign-in methods", async () => {
    const api = stubApi({ 'GET /auth/providers': { google: true } });
    const queryClient = createQueryClient();
    await prepareFirstRender(queryClient, new URL('http://localhost/login'));
    expect(api.calls('GET /auth/providers')).toHaveLength(1);
  });
});
