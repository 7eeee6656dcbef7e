/**
 * npm run bench:export — 'Baixar meus dados' for an account with 20,000 answers (plus simulados and
 * tutor chats) over a synthetic catalogue, on PGlite and PostgreSQL: the time from
 * POST /api/me/data-exports to the export listed as ready, and the size of the .zip.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../src/lib/tokens';
import { insertSession, insertUser } from '../src/modules/auth/auth.repo';
import { createContentImportService } from '../src/modules/content-import/content-import.service';
import { writeSyntheticCatalog } from '../src/modules/content-import/synth/synthesize';
import { benchApp, benchDatabases } from './harness';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 20_000);
const RUNS = 5;
const SIMULADOS = 20;
const SIMULADO_QUESTIONS = 50;
const CHAT_QUESTIONS = 100;
const APP_URL = 'http://localhost:3000';

const dir = path.join(os.tmpdir(), `gabarita-bench-history-${ANSWERS}`);
if (!fs.existsSync(path.join(dir, 'disciplinas.json'))) {
  writeSyntheticCatalog(dir, { exams: ANSWERS / 20, questions: ANSWERS });
}
console.log(`# Data export benchmark (${os.cpus().length} cores, Node ${process.version})`);

for await (const { label, database } of benchDatabases()) {
  await database.migrate();
  await createContentImportService(database.db).importContent(dir);
  const { db } = database;
  const user = await insertUser(db, {
    provider: 'password',
    email: 'bench.export@exemplo.com',
    name: 'Bench Exportação',
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
  });
  const token = randomToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db.execute(sql`
    insert into question_history (user_id, question_id, response, chosen_letter, answered_at)
    select ${user.id}::uuid, id, case when number % 10 < 7 then 'c' else 'e' end, 'A', now()
    from (select id, number from questions order by id limit ${ANSWERS}) q`);
  await db.execute(sql`
    insert into simulados (user_id, title, scoring, certo_errado, started_at, time_limit_seconds)
    select ${user.id}::uuid, 'Simulado ' || g, 'padrao', false, now(), 3600
    from generate_series(1, ${SIMULADOS}) g`);
  await db.execute(sql`
    insert into simulado_questions (simulado_id, question_id, position, chosen_letter, outcome)
    select s.id, q.id, q.position, 'A', 'certa'
    from simulados s,
      (select id, row_number() over (order by id) as position from questions order by id
        limit ${SIMULADO_QUESTIONS}) q
    where s.user_id = ${user.id}::uuid`);
  await db.execute(sql`
    insert into chat_messages (user_id, question_id, role, content)
    select ${user.id}::uuid, q.id, r.role, repeat('Uma explicação do tutor sobre a questão. ', 10)
    from (select id from questions order by id limit ${CHAT_QUESTIONS}) q,
      (values ('user'), ('model'), ('user'), ('model')) r(role)`);
  await db.execute(sql`analyze`); // as autovacuum would, in steady state

  const app = await benchApp(database, { appUrl: APP_URL });
  const headers = { cookie: `gabarita_session=${token}`, origin: APP_URL };

  /** POST, then poll the list as the page does; the ms until ready and the file's size. */
  async function exportOnce() {
    // The account's limit (5 a day) is not what is measured.
    await db.execute(sql`delete from rate_limits`);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/me/data-exports',
      headers,
      payload: {},
    });
    if (response.statusCode !== 202)
      throw new Error(`POST: ${response.statusCode} ${response.body}`);
    const { id } = response.json() as { id: string };
    for (;;) {
      const list = await app.inject({ method: 'GET', url: '/api/me/data-exports', headers });
      const item = (list.json().items as { id: string; status: string; sizeBytes: number }[]).find(
        (each) => each.id === id,
      );
      if (item?.status === 'ready')
        return { ms: performance.now() - started, size: item.sizeBytes };
      if (item?.status !== 'building') throw new Error(`export ${id}: ${item?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  await exportOnce(); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await exportOnce());
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  console.log(
    `\n## ${label}: ${ANSWERS} answers, ${SIMULADOS} simulados × ${SIMULADO_QUESTIONS} questions, ${CHAT_QUESTIONS * 4} chat messages\n`,
  );
  console.log('| runs | median (ms) | max (ms) | zip size (kB) |\n|---|---|---|---|');
  console.log(
    `| ${RUNS} | ${times[Math.floor(RUNS / 2)]!.toFixed(0)} | ${times.at(-1)!.toFixed(0)} | ${(runs[0]!.size / 1024).toFixed(0)} |`,
  );
  await app.close();
  await database.close();
}
