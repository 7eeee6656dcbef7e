/**
 * npm run bench:history — GET /api/me/history/summary for a premium user with 20,000 answers over a
 * synthetic catalogue of 20,000 questions, on PGlite and PostgreSQL. Numbers go to
 * docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { questionHistory, questions } from '../src/db/schema';
import { hashToken, randomToken } from '../src/lib/tokens';
import { insertSession, insertUser } from '../src/modules/auth/auth.repo';
import { createContentImportService } from '../src/modules/content-import/content-import.service';
import { writeSyntheticCatalog } from '../src/modules/content-import/synth/synthesize';
import { createEntitlementsService } from '../src/modules/entitlements/entitlements.service';
import { benchApp, benchDatabases, measure, row, TABLE_HEADER } from './harness';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const dir = path.join(os.tmpdir(), `gabarita-bench-history-${ANSWERS}`);
if (!fs.existsSync(path.join(dir, 'disciplinas.json'))) {
  writeSyntheticCatalog(dir, { exams: ANSWERS / 20, questions: ANSWERS });
}
console.log(`# History summary benchmark (${os.cpus().length} cores, Node ${process.version})`);

for await (const { label, database } of benchDatabases()) {
  await database.migrate();
  await createContentImportService(database.db).importContent(dir);
  const user = await insertUser(database.db, {
    provider: 'password',
    email: 'bench@exemplo.com',
    name: 'Bench',
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
  });
  await createEntitlementsService(database.db).grantPremium(user.id, 30);
  const token = randomToken();
  await insertSession(database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });

  const ids = (await database.db.select({ id: questions.id }).from(questions))
    .map((q) => q.id)
    .slice(0, ANSWERS);
  for (let start = 0; start < ids.length; start += 1000) {
    await database.db.insert(questionHistory).values(
      ids.slice(start, start + 1000).map((questionId, index) => ({
        userId: user.id,
        questionId,
        response: (start + index) % 10 < 7 ? ('c' as const) : ('e' as const),
        chosenLetter: 'A',
        answeredAt: new Date(),
      })),
    );
  }
  await database.db.execute(sql`analyze question_history`); // as autovacuum would, in steady state
  console.log(`\n## ${label}: ${ids.length} answers\n`);
  const app = await benchApp(database);
  const cookie = `gabarita_session=${token}`;
  console.log(TABLE_HEADER);
  await measure(app, '/api/me/history/summary', { concurrency: 2, requests: 20, cookie });
  for (const concurrency of [1, 4]) {
    console.log(
      row(
        'history summary',
        concurrency,
        await measure(app, '/api/me/history/summary', { concurrency, requests: REQUESTS, cookie }),
      ),
    );
  }
  await app.close();
  await database.close();
}
