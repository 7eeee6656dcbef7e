import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExamSearchResponse,
  examDetailResponseSchema,
  examSearchResponseSchema,
  questionDetailSchema,
  sessionResponseSchema,
} from '@gabarita/shared';
import { executeRows } from '@/db/client';
import { createContentImportService } from '@/modules/content-import/content-import.service';
import { createOperatorService } from '@/modules/operator/operator.service';
import { createPasswordUser, get, send, signIn } from '../helpers/accounts';
import { editedCatalog } from '../helpers/content';
import { parsed } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Two instances on one database, as behind a load balancer: what one instance keeps in memory
 * (the catalogue, users' marks) must follow changes made through the other; sessions, read at
 * every request, follow at once.
 */

const SAO_PAULO_TODAY = sql`(now() at time zone 'America/Sao_Paulo')::date`;

describe('caches shared by two instances', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ starting: 'mini' });
    second = await createTestApp({
      database: {
        ...(await first.database.openAnother()),
        destroy: async () => undefined,
      } as never,
    });
  });
  afterAll(async () => {
    await second.close();
    await second.database.close();
    await first.close();
  });

  const search = async (app: TestApp, cookie?: string) =>
    parsed(await get(app.app, '/api/exams', cookie), examSearchResponseSchema);
  const cargoOf = (body: ExamSearchResponse, id: string) =>
    body.items.find((item) => item.id === id)?.cargo;

  it('serves the catalogue from memory until an import on another instance replaces it', async () => {
    expect(cargoOf(await search(second), 'alfa_2017_prova')).toBe('Professor de Matemática');
    const question = async () =>
      parsed(await get(second.app, '/api/questions/alfa_2017_prova_1'), questionDetailSchema);
    expect((await question()).statementHtml).toBe('<p>Enunciado 1.</p>');

    // A change behind the catalogue's back (no import) is not seen: the answers come from memory.
    await first.database.db.execute(
      sql`update exams set cargo = 'Mudado à mão' where id = 'alfa_2017_prova'`,
    );
    expect(cargoOf(await search(second), 'alfa_2017_prova')).toBe('Professor de Matemática');

    const edited = editedCatalog((catalog) => {
      catalog.exam('alfa_2017_prova.json').cargo = 'Professor de Álgebra';
      catalog.question('alfa_2017_prova.json', '1').questao = '<p>Enunciado novo.</p>';
    });
    await createContentImportService(first.database.db).importContent(edited);

    const after = await eventually(
      () => search(second),
      (body) => cargoOf(body, 'alfa_2017_prova') === 'Professor de Álgebra',
    );
    expect(cargoOf(after, 'alfa_2017_prova')).toBe('Professor de Álgebra');
    expect((await question()).statementHtml).toBe('<p>Enunciado novo.</p>');
    expect(cargoOf(await search(first), 'alfa_2017_prova')).toBe('Professor de Álgebra');
  });

  it('reads the exam index an import or another instance saved, for that version only', async () => {
    expect(cargoOf(await search(first), 'alfa_2017_prova')).toBe('Professor de Álgebra');
    const snapshots = () =>
      executeRows<{ catalog_version: number; current: number }>(
        first.database.db,
        sql`select s.catalog_version, v.version as current
              from exam_index_snapshots s cross join catalog_version v`,
      );
    const [kept] = await snapshots();
    expect(kept!.catalog_version).toBe(kept!.current);

    // Behind the catalogue's back: a new instance reads the index kept, not the tables.
    await first.database.db.execute(
      sql`update exams set cargo = 'Mudado à mão' where id = 'alfa_2017_prova'`,
    );
    const third = await createTestApp({
      database: {
        ...(await first.database.openAnother()),
        destroy: async () => undefined,
      } as never,
    });
    try {
      expect(cargoOf(await search(third), 'alfa_2017_prova')).toBe('Professor de Álgebra');
      await createContentImportService(first.database.db).importContent(
        editedCatalog((catalog) => {
          catalog.exam('alfa_2017_prova.json').cargo = 'Professor de Geometria';
        }),
      );
      // Saved by the import itself, before any instance asked for it.
      const [newest, ...older] = await snapshots();
      expect(older).toEqual([]);
      expect(newest!.catalog_version).toBe(newest!.current);
      const after = await eventually(
        () => search(third),
        (body) => cargoOf(body, 'alfa_2017_prova') === 'Professor de Geometria',
      );
      expect(cargoOf(after, 'alfa_2017_prova')).toBe('Professor de Geometria');
    } finally {
      await third.close();
    }
  });

  it("follows a user's marks across instances and never lets them reach another user", async () => {
    const id = 'gama_2015_prova_1';
    const [one, other] = await Promise.all([
      createPasswordUser(first.database.db),
      createPasswordUser(first.database.db),
    ]);
    const oneCookie = await signIn(first.app, one.email, one.password);
    const otherCookie = await signIn(first.app, other.email, other.password);
    await createOperatorService(first.database).run(
      'user:grant-premium',
      [one.email, '30'],
      'direct',
    );
    // The first instance keeps this user's (still empty) marks before the other one records any.
    expect((await search(first, oneCookie)).items.some((item) => item.inHistory)).toBe(false);
    const [key] = await executeRows<{ answer_letter: string }>(
      first.database.db,
      sql`select answer_letter from questions where id = ${id}`,
    );
    expect(
      (
        await send(
          second.app,
          'POST',
          `/api/questions/${id}/check`,
          { letter: key!.answer_letter },
          oneCookie,
        )
      ).statusCode,
    ).toBe(200);

    await eventually(
      () => search(first, oneCookie),
      (body) => body.items.some((item) => item.inHistory),
    );
    // The marked user asks first, so a shared cache that kept marks would hand them on.
    for (const app of [second, first]) {
      const mine = await search(app, oneCookie);
      const theirs = await search(app, otherCookie);
      const visitor = await search(app);
      expect(mine.items.find((item) => item.id === 'gama_2015_prova')?.inHistory).toBe(true);
      expect(theirs.items.some((item) => item.inHistory)).toBe(false);
      expect(visitor.items.some((item) => item.inHistory)).toBe(false);

      const detail = (cookie?: string) =>
        get(app.app, `/api/questions/${id}`, cookie).then((response) =>
          parsed(response, questionDetailSchema),
        );
      expect((await detail(oneCookie)).recordedAnswer?.response).toBe('c');
      expect((await detail(otherCookie)).recordedAnswer).toBeNull();
      expect((await detail()).recordedAnswer).toBeNull();

      const exam = (cookie?: string) =>
        get(app.app, '/api/exams/gama_2015_prova', cookie).then((response) =>
          parsed(response, examDetailResponseSchema),
        );
      const mineExam = await exam(oneCookie);
      expect(mineExam.exam.inHistory).toBe(true);
      expect(mineExam.questions.find((question) => question.id === id)?.response).toBe('c');
      const theirExam = await exam(otherCookie);
      expect(theirExam.exam.inHistory).toBe(false);
      expect(theirExam.questions.every((question) => question.response === null)).toBe(true);
    }
  });

  it("follows a question's place on the review ladder changed outside this instance", async () => {
    const id = 'alfa_2017_prova_2';
    const account = await createPasswordUser(first.database.db);
    const cookie = await signIn(first.app, account.email, account.password);
    const [key] = await executeRows<{ answer_letter: string }>(
      first.database.db,
      sql`select answer_letter from questions where id = ${id}`,
    );
    const wrong = key!.answer_letter === 'A' ? 'B' : 'A';
    const check = (app: TestApp, letter: string) =>
      send(app.app, 'POST', `/api/questions/${id}/check`, { letter }, cookie);
    const ladder = async () =>
      (
        await executeRows<{ step: number; due: boolean }>(
          first.database.db,
          sql`select step, due_day <= ${SAO_PAULO_TODAY} as due from review_items
              where question_id = ${id} and user_id = ${account.user.id}`,
        )
      )[0];

    expect((await check(first, wrong)).statusCode).toBe(200);
    // The second instance now keeps this user's marks: the question waits for tomorrow.
    expect((await check(second, wrong)).statusCode).toBe(200);
    expect(await ladder()).toEqual({ step: 0, due: false });

    // Made due by another writer: a right answer on the second instance must move it up.
    await first.database.db.execute(
      sql`update review_items set due_day = ${SAO_PAULO_TODAY} - 1
          where question_id = ${id} and user_id = ${account.user.id}`,
    );
    const moved = await eventually(
      async () => {
        await check(second, key!.answer_letter);
        return ladder();
      },
      (row) => row?.step === 1,
    );
    expect(moved).toEqual({ step: 1, due: false });
  });

  describe('sessions', () => {
    const sessionOf = async (app: TestApp, cookie: string) =>
      parsed(await get(app.app, '/api/auth/session', cookie), sessionResponseSchema).user;

    it('a sign-out on one instance refuses the cookie on the other at its next request', async () => {
      const account = await createPasswordUser(first.database.db);
      const cookie = await signIn(first.app, account.email, account.password);
      // Both instances have now looked the session up.
      expect(await sessionOf(second, cookie)).not.toBeNull();
      expect(await sessionOf(first, cookie)).not.toBeNull();

      expect((await send(first.app, 'POST', '/api/auth/logout', {}, cookie)).statusCode).toBe(204);
      expect(await sessionOf(first, cookie)).toBeNull();
      expect(await sessionOf(second, cookie)).toBeNull();
      expect(
        (await send(second.app, 'POST', '/api/questions/alfa_2017_prova_1/open', {}, cookie))
          .statusCode,
      ).toBe(401);
    });

    it('sessions asked for at once each resolve to their own user, signed-out ones to nobody', async () => {
      const accounts = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          createPasswordUser(first.database.db, { name: `Aluno ${index}` }),
        ),
      );
      const cookies = await Promise.all(
        accounts.map((account) => signIn(first.app, account.email, account.password)),
      );
      const signedOut = cookies.filter((_, index) => index % 3 === 0);
      for (const cookie of signedOut) await send(first.app, 'POST', '/api/auth/logout', {}, cookie);

      for (const app of [first, second]) {
        const asked = cookies.flatMap((cookie) => [cookie, cookie]);
        const users = await Promise.all(asked.map((cookie) => sessionOf(app, cookie)));
        users.forEach((user, index) => {
          const account = Math.floor(index / 2);
          if (account % 3 === 0) expect(user).toBeNull();
          else expect(user?.name).toBe(`Aluno ${account}`);
        });
      }
    });

    it('a plan granted and a name changed elsewhere show on every instance', async () => {
      const account = await createPasswordUser(first.database.db, { name: 'Antes' });
      const cookie = await signIn(first.app, account.email, account.password);
      expect(await sessionOf(second, cookie)).toMatchObject({ name: 'Antes', accountType: 'free' });

      await createOperatorService(first.database).run(
        'user:grant-premium',
        [account.email, '30'],
        'direct',
      );
      expect(await sessionOf(second, cookie)).toMatchObject({ accountType: 'premium' });

      expect(
        (await send(first.app, 'PATCH', '/api/me', { name: 'Depois' }, cookie)).statusCode,
      ).toBe(200);
      expect(await sessionOf(second, cookie)).toMatchObject({ name: 'Depois' });
    });

    it('a password reset signs the user out on every instance', async () => {
      const account = await createPasswordUser(first.database.db);
      const cookie = await signIn(first.app, account.email, account.password);
      expect(await sessionOf(second, cookie)).not.toBeNull();
      // What the reset does to sessions, straight in the database, as any other writer would.
      await first.database.db.execute(
        sql`delete from sessions where user_id = (select id from users where email = ${account.email})`,
      );
      expect(await sessionOf(second, cookie)).toBeNull();
    });
  });
});
