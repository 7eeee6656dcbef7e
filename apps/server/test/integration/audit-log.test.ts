import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditPageSchema } from '@gabarita/shared';
import { actorOf, recordAudit } from '@/modules/audit/audit.service';
import { get, signedInStudent } from '../helpers/accounts';
import { parsed } from '../helpers/contract';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('audit log', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(() => testApp.close());

  const page = async (cookie: string, query = '') => {
    const response = await get(testApp.app, `/api/admin/audit${query}`, cookie);
    expect(response.statusCode).toBe(200);
    return parsed(response, auditPageSchema);
  };

  it('records operator commands and shows everything newest first, a page at a time', async () => {
    const editor = await signedInStudent(testApp.app, testApp.database, { role: 'editor' });
    // Making the editor was itself an operator command.
    const first = await page(editor.cookie);
    expect(first.entries[0]).toMatchObject({
      actor: 'Operador (linha de comando)',
      action: 'operator.command',
      target: null,
      summary: `admin:create ${editor.email} --role editor (concluído)`,
    });

    const actor = actorOf(editor.user);
    for (let index = 1; index <= AUDIT_PAGE_SIZE + 5; index += 1) {
      await recordAudit(testApp.database.db, actor, {
        action: 'question.edit',
        target: index % 2 === 0 ? 'alfa_2017_prova_2' : 'alfa_2017_prova_1',
        summary: `Edição ${index}`,
      });
    }
    const newest = await page(editor.cookie);
    expect(newest.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(newest.entries[0]).toMatchObject({
      actor: `${editor.user.name} <${editor.email}>`,
      summary: `Edição ${AUDIT_PAGE_SIZE + 5}`,
    });
    const ids = newest.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const older = await page(editor.cookie, `?antes=${newest.next}`);
    expect(older.entries.length).toBeGreaterThan(0);
    expect(Math.max(...older.entries.map((entry) => entry.id))).toBeLessThan(Math.min(...ids));

    const ofQuestion = await page(editor.cookie, '?alvo=alfa_2017_prova_2&acao=question.edit');
    expect(ofQuestion.entries.map((entry) => entry.summary)).toHaveLength(
      Math.floor((AUDIT_PAGE_SIZE + 5) / 2),
    );
    expect(ofQuestion.next).toBeNull();
    expect(ofQuestion.entries.every((entry) => entry.target === 'alfa_2017_prova_2')).toBe(true);
  });

  it('is refused to accounts without an editorial role, with a message', async () => {
    const student = await signedInStudent(testApp.app, testApp.database, { premium: true });
    const response = await get(testApp.app, '/api/admin/audit', student.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth/forbidden');
    const bad = await get(
      testApp.app,
      '/api/admin/audit?antes=abc',
      (await signedInStudent(testApp.app, testApp.database, { role: 'admin' })).cookie,
    );
    expect(bad.statusCode).toBe(400);
  });
});
