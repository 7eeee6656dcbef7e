import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '@/db/client';
import {
  actionCodes,
  chatMessages,
  dataExports,
  housekeepingRuns,
  oauthStates,
  outboxMessages,
  purchases,
  rateLimits,
  sessions,
  tokenReservations,
  trustedBrowsers,
} from '@/db/schema';
import { createRetention, RETENTION_JOB } from '@/modules/housekeeping/retention.service';
import { createPersonalData } from '@/personal-data';
import { createRateLimiter } from '@/modules/rate-limit/rate-limit.service';
import { createTokenLedger } from '@/modules/tokens/token-ledger.service';
import { createPasswordUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

const QUESTION = 'alfa_2017_prova_4';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RETENTION = { aiChatDays: 365, outboxDays: 7 };

describe('the daily retention run', () => {
  let testApp: TestApp;
  /** A second connection to the same database, as a second server instance has. */
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    testApp = await createTestApp({ starting: 'mini' });
  });
  afterAll(async () => {
    await second?.close();
    await testApp.close();
  });
  const db = () => testApp.database.db;

  const retentionOn = (database: Database) =>
    createRetention({
      db: database,
      personalData: createPersonalData({
        db: database,
        limits: createRateLimiter(database),
        ledger: createTokenLedger(database, { inputPerMillion: 0.75, outputPerMillion: 3.75 }),
        retention: RETENTION,
      }),
      log: testApp.app.log,
    });

  it('removes exactly the records past their period, on each side of every boundary', async () => {
    const now = new Date();
    const at = (offset: number) => new Date(now.getTime() + offset);
    const { user } = await createPasswordUser(db());
    const userId = user.id;
    const token = () => randomUUID();

    const [, liveSession] = await db()
      .insert(sessions)
      .values([
        { userId, tokenHash: token(), expiresAt: at(-MINUTE) },
        { userId, tokenHash: token(), expiresAt: at(MINUTE) },
      ])
      .returning({ id: sessions.id });

    const code = (expiresAt: Date, usedAt: Date | null = null) => ({
      userId,
      mode: 'verifyEmail' as const,
      codeHash: token(),
      expiresAt,
      usedAt,
    });
    const codes = await db()
      .insert(actionCodes)
      .values([
        code(at(-7 * DAY - MINUTE)), // expired more than a week ago
        code(at(HOUR)), // live, unused
        code(at(HOUR), at(-DAY)), // used, not yet expired
        code(at(-7 * DAY + MINUTE)), // expired within the week
      ])
      .returning({ id: actionCodes.id });

    const states = [token(), token()];
    await db()
      .insert(oauthStates)
      .values(
        states.map((stateHash, index) => ({
          stateHash,
          codeVerifier: 'v',
          nonce: 'n',
          mode: 'popup' as const,
          expiresAt: index === 0 ? at(-MINUTE) : at(MINUTE),
        })),
      );

    const browsers = [token(), token()];
    await db()
      .insert(trustedBrowsers)
      .values([
        { tokenHash: browsers[0]!, userId, lastUsedAt: at(-400 * DAY - HOUR) },
        { tokenHash: browsers[1]!, userId, lastUsedAt: at(-400 * DAY + HOUR) },
      ]);

    const counters = [`teste:${token()}`, `teste:${token()}`];
    await db()
      .insert(rateLimits)
      .values([
        { key: counters[0]!, windowStartedAt: at(-DAY - MINUTE), hits: 3 },
        { key: counters[1]!, windowStartedAt: at(-DAY + MINUTE), hits: 3 },
      ]);

    const mail = (createdAt: Date) => ({
      to: `${token()}@exemplo.com`,
      subject: 'Teste',
      text: 't',
      html: '<p>t</p>',
      createdAt,
    });
    const outbox = await db()
      .insert(outboxMessages)
      .values([mail(at(-7 * DAY - MINUTE)), mail(at(-7 * DAY + MINUTE))])
      .returning({ id: outboxMessages.id });

    const turn = (createdAt: Date) => ({
      userId,
      questionId: QUESTION,
      role: 'user' as const,
      content: 'Por que a B?',
      createdAt,
    });
    const chats = await db()
      .insert(chatMessages)
      .values([turn(at(-365 * DAY - MINUTE)), turn(at(-365 * DAY + MINUTE))])
      .returning({ id: chatMessages.id });

    const exports = await db()
      .insert(dataExports)
      .values([
        { userId, status: 'ready', readyAt: at(-DAY - MINUTE), expiresAt: at(-MINUTE) },
        { userId, status: 'ready', readyAt: at(-DAY + MINUTE), expiresAt: at(MINUTE) },
        { userId, status: 'building', requestedAt: at(-DAY - MINUTE) },
        { userId, status: 'failed', requestedAt: at(-DAY - MINUTE) },
        { userId, status: 'building', requestedAt: at(-DAY + MINUTE) },
        { userId, status: 'failed', requestedAt: at(-DAY + MINUTE) },
      ])
      .returning({ id: dataExports.id });

    const fiveYearsAgo = new Date(now);
    fiveYearsAgo.setUTCFullYear(fiveYearsAgo.getUTCFullYear() - 5);
    const purchase = (createdAt: Date, owner: string | null) => ({
      userId: owner,
      accountPseudonym: owner ? null : `conta-excluida-${token()}`,
      productType: 'package' as const,
      productId: 'pacote-1',
      productName: 'Pacote de tokens',
      priceCentavos: 1990,
      status: 'paid' as const,
      provider: 'sandbox' as const,
      expiresAt: createdAt,
      createdAt,
    });
    const sales = await db()
      .insert(purchases)
      .values([
        purchase(new Date(fiveYearsAgo.getTime() - MINUTE), null), // deleted account, past 5 years
        purchase(new Date(fiveYearsAgo.getTime() + MINUTE), null), // deleted account, within
        purchase(new Date(fiveYearsAgo.getTime() - DAY), userId), // live account: kept
      ])
      .returning({ id: purchases.id });

    const reservation = (settledAt: Date) => ({
      userId,
      feature: 'chat' as const,
      day: '2026-01-01',
      packageInput: 0,
      packageOutput: 0,
      dailyInput: 10,
      dailyOutput: 10,
      expiresAt: settledAt,
      settledAt,
      outcome: 'completed' as const,
    });
    const reservations = await db()
      .insert(tokenReservations)
      .values([reservation(at(-30 * DAY - MINUTE)), reservation(at(-30 * DAY + MINUTE))])
      .returning({ id: tokenReservations.id });

    const report = await retentionOn(db()).runRetention(now);

    expect(report).toEqual({
      sessions: 1,
      actionCodes: 1,
      oauthStates: 1,
      trustedBrowsers: 1,
      rateLimits: 1,
      outboxMessages: 1,
      chatMessages: 1,
      dataExports: 3,
      purchases: 1,
      tokenReservations: 1,
    });
    const ids = <Id>(rows: { id: Id }[]) => rows.map((row) => row.id);
    expect(
      ids(await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))),
    ).toEqual([liveSession!.id]);
    expect(
      ids(
        await db()
          .select({ id: actionCodes.id })
          .from(actionCodes)
          .where(eq(actionCodes.userId, userId)),
      ).sort(),
    ).toEqual([codes[1]!.id, codes[2]!.id, codes[3]!.id].sort());
    expect(
      (
        await db()
          .select({ id: oauthStates.stateHash })
          .from(oauthStates)
          .where(inArray(oauthStates.stateHash, states))
      ).map((row) => row.id),
    ).toEqual([states[1]]);
    expect(
      (
        await db()
          .select({ id: trustedBrowsers.tokenHash })
          .from(trustedBrowsers)
          .where(eq(trustedBrowsers.userId, userId))
      ).map((row) => row.id),
    ).toEqual([browsers[1]]);
    expect(
      (
        await db()
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(inArray(rateLimits.key, counters))
      ).map((row) => row.key),
    ).toEqual([counters[1]]);
    expect(
      ids(
        await db()
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(inArray(outboxMessages.id, ids(outbox))),
      ),
    ).toEqual([outbox[1]!.id]);
    expect(
      ids(
        await db()
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(eq(chatMessages.userId, userId)),
      ),
    ).toEqual([chats[1]!.id]);
    expect(
      ids(
        await db()
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(eq(dataExports.userId, userId)),
      ).sort(),
    ).toEqual([exports[1]!.id, exports[4]!.id, exports[5]!.id].sort());
    expect(
      ids(
        await db()
          .select({ id: purchases.id })
          .from(purchases)
          .where(inArray(purchases.id, ids(sales))),
      ).sort(),
    ).toEqual([sales[1]!.id, sales[2]!.id].sort());
    expect(
      ids(
        await db()
          .select({ id: tokenReservations.id })
          .from(tokenReservations)
          .where(eq(tokenReservations.userId, userId)),
      ),
    ).toEqual([reservations[1]!.id]);

    // A second run at the same moment finds nothing more to remove.
    expect(Object.values(await retentionOn(db()).runRetention(now))).toEqual(
      Object.values(report).map(() => 0),
    );
  });

  it('is run by exactly one of several instances per day, and the run is recorded', async () => {
    const other = await testApp.database.openAnother();
    second = other;
    const instances = [retentionOn(db()), retentionOn(other.db)];
    const { user } = await createPasswordUser(db());
    const [oldTurn] = await db()
      .insert(chatMessages)
      .values({
        userId: user.id,
        questionId: QUESTION,
        role: 'user',
        content: 'Antiga',
        createdAt: new Date(Date.now() - 400 * DAY),
      })
      .returning({ id: chatMessages.id });

    const now = new Date();
    const results = await Promise.all(instances.map((instance) => instance.runDailyIfDue(now)));
    const ran = results.filter((result) => result !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.chatMessages).toBe(1);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.id, oldTurn!.id))).toEqual(
      [],
    );
    const [run] = await db()
      .select()
      .from(housekeepingRuns)
      .where(eq(housekeepingRuns.job, RETENTION_JOB));
    expect(run!.startedAt.getTime()).toBe(now.getTime());
    expect(run!.finishedAt).not.toBeNull();
    expect(run!.report).toEqual(ran[0]);

    // Later the same day, every hourly attempt finds the day's run done.
    const later = new Date(now.getTime() + 22 * HOUR);
    expect(await Promise.all(instances.map((instance) => instance.runDailyIfDue(later)))).toEqual([
      null,
      null,
    ]);

    // The next day one instance runs it again.
    const nextDay = new Date(now.getTime() + 23 * HOUR + MINUTE);
    const again = await Promise.all(instances.map((instance) => instance.runDailyIfDue(nextDay)));
    expect(again.filter((result) => result !== null)).toHaveLength(1);
  });

  it('lets another instance take over a run that never finished, an hour after it started', async () => {
    const instance = retentionOn(db());
    const started = new Date(Date.now() + 3 * DAY);
    await db()
      .insert(housekeepingRuns)
      .values({ job: RETENTION_JOB, startedAt: started })
      .onConflictDoUpdate({
        target: housekeepingRuns.job,
        set: { startedAt: started, finishedAt: null },
      });
    expect(await instance.runDailyIfDue(new Date(started.getTime() + 59 * MINUTE))).toBeNull();
    expect(
      await instance.runDailyIfDue(new Date(started.getTime() + HOUR + MINUTE)),
    ).not.toBeNull();
  });
});
