import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** A wrong letter of a demonstration question (content/sample). */
export function wrongLetter(examId: string, number: number): string {
  const exam = JSON.parse(
    fs.readFileSync(path.join('content/sample/provas', `${examId}.json`), 'utf8'),
  ) as { questoes: Record<string, { gabarito: string; Alternativas: string[] }> };
  const question = exam.questoes[String(number)]!;
  return question.Alternativas.map((alternative) => alternative[0]!).find(
    (letter) => letter !== question.gabarito,
  )!;
}

/** Checks `letter` on a question through the API, as the signed-in account of `request`. */
export async function check(request: APIRequestContext, questionId: string, letter: string) {
  const response = await request.post(`/api/questions/${questionId}/check`, {
    headers: { origin: process.env.E2E_BASE_URL! },
    data: { letter },
  });
  expect(response.status()).toBe(200);
}
