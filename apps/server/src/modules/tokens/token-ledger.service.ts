import {
  type AiFeature,
  PREMIUM_DAILY_INPUT_TOKENS,
  PREMIUM_DAILY_OUTPUT_TOKENS,
  type TokenBalance,
  type TokensResponse,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { saoPauloDay } from '@/lib/clock';
import { hasEnded, thisProcess } from '@/lib/process-identity';
import {
  addPairs,
  allocate,
  type Allocation,
  costMicroUsd,
  dailyAvailable,
  nonNegative,
  packageAvailable,
  type Pair,
  settleCharge,
  ZERO,
} from './token-allocation';
import {
  addUsage,
  changeDailyQuota,
  changeWallet,
  dayUsage,
  type DailyQuotaRow,
  ensureDailyQuota,
  expiredReservations,
  findDailyQuota,
  findReservationOwner,
  findWallet,
  insertReservation,
  lockOpenReservation,
  lockWallet,
  markSettled,
  monthlyUsage,
  openReservationsOfHost,
  purgeSettledReservations,
  type ReservationRow,
  usageByDayAndFeature,
  addOperatorUsage,
  operatorUsageByDay,
  type OperatorTask,
  type WalletRow,
} from './tokens.repo';
import { aiErrors } from '@/lib/app-errors';

export const DAILY_QUOTA: Pair = Object.freeze({
  input: PREMIUM_DAILY_INPUT_TOKENS,
  output: PREMIUM_DAILY_OUTPUT_TOKENS,
});

/** Longer than any call may run; an unsettled reservation past it was left by a dead server. */
const RESERVATION_TTL_SECONDS = 15 * 60;
/** How long settled reservations stay as an audit trail. */
const SETTLED_KEEP_DAYS = 30;

export interface Pricing {
  /** US dollars per million tokens. */
  inputPerMillion: number;
  outputPerMillion: number;
}

export interface Reservation {
  id: string;
  /** What the call may write: the asked maximum, or less when only that much is left. */
  maxOutputTokens: number;
  reserved: Allocation;
}

export type CallOutcome = 'completed' | 'aborted' | 'failed';

const walletBalance = (wallet: Pick<WalletRow, 'packageInput' | 'packageOutput'>): Pair => ({
  input: wallet.packageInput,
  output: wallet.packageOutput,
});
const walletReserved = (wallet: Pick<WalletRow, 'reservedInput' | 'reservedOutput'>): Pair => ({
  input: wallet.reservedInput,
  output: wallet.reservedOutput,
});
const dailyUsed = (row: DailyQuotaRow | undefined): Pair =>
  row ? { input: row.inputUsed, output: row.outputUsed } : ZERO;
const dailyReserved = (row: DailyQuotaRow | undefined): Pair =>
  row ? { input: row.inputReserved, output: row.outputReserved } : ZERO;
const reservedOf = (row: ReservationRow): Allocation => ({
  package: { input: row.packageInput, output: row.packageOutput },
  daily: { input: row.dailyInput, output: row.dailyOutput },
});
const negate = (pair: Pair): Pair => ({ input: -pair.input, output: -pair.output });

/** The next calendar month of 'YYYY-MM', as its first day. */
function firstDayAfter(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12
    ? `${year + 1}-01-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}

/**
 * The one ledger of AI tokens (docs/product-rules.md, "AI tutor and tokens"). Before a call its
 * tokens are reserved, with the user's wallet row locked, from the package first and then the
 * day's Premium quota; after it the reservation is settled with the usage the provider reported
 * and the rest goes back. Every change to one user's balances holds that wallet lock, so they run
 * one after the other on any number of server instances and the balances never go below zero.
 */
export function createTokenLedger(db: Database, pricing: Pricing) {
  const self = thisProcess();
  /** Settles an open reservation once, inside a transaction that holds the owner's wallet lock. */
  async function settleLocked(
    tx: Database,
    id: string,
    reportedUse: Pair,
    outcome: NonNullable<ReservationRow['outcome']>,
  ) {
    // Usage is recorded and charged as whole tokens from zero up: a settlement never credits.
    const used = nonNegative(reportedUse);
    const reservation = await lockOpenReservation(tx, id);
    if (!reservation) return null;
    const wallet = await lockWallet(tx, reservation.userId);
    const reserved = reservedOf(reservation);
    const drewOnDay = reserved.daily.input + reserved.daily.output > 0;
    const quota = drewOnDay
      ? await ensureDailyQuota(tx, reservation.userId, reservation.day)
      : undefined;
    // What each pool could give with this reservation released.
    const packageRoom = packageAvailable(
      walletBalance(wallet),
      addPairs(walletReserved(wallet), negate(reserved.package)),
    );
    // Usage beyond the reservation is taken from the day only by a call that drew on it.
    const dailyRoom = drewOnDay
      ? dailyAvailable(
          DAILY_QUOTA,
          dailyUsed(quota),
          addPairs(dailyReserved(quota), negate(reserved.daily)),
        )
      : null;
    const charge = settleCharge(reserved, used, { package: packageRoom, daily: dailyRoom });
    await changeWallet(tx, reservation.userId, {
      balance: negate(charge.package),
      reserved: negate(reserved.package),
    });
    if (drewOnDay) {
      await changeDailyQuota(tx, reservation.userId, reservation.day, {
        used: charge.daily,
        reserved: negate(reserved.daily),
      });
    }
    if (outcome !== 'expired') {
      await addUsage(tx, {
        userId: reservation.userId,
        day: reservation.day,
        feature: reservation.feature,
        inputTokens: used.input,
        outputTokens: used.output,
        inputCostMicroUsd: costMicroUsd(used.input, pricing.inputPerMillion),
        outputCostMicroUsd: costMicroUsd(used.output, pricing.outputPerMillion),
      });
    }
    const charged = addPairs(charge.package, charge.daily);
    await markSettled(tx, id, { outcome, used, charged });
    return charged;
  }

  async function releaseEach(reservations: { id: string; userId: string }[]) {
    let released = 0;
    for (const { id, userId } of reservations) {
      const done = await inTransaction(db, async (tx) => {
        await lockWallet(tx, userId);
        return settleLocked(tx, id, ZERO, 'expired');
      });
      if (done) released += 1;
    }
    return released;
  }

  async function balance(userId: string, premium: boolean): Promise<TokenBalance> {
    const day = saoPauloDay();
    const [wallet, quota] = await Promise.all([
      findWallet(db, userId),
      premium ? findDailyQuota(db, userId, day) : undefined,
    ]);
    const pkg = wallet ? packageAvailable(walletBalance(wallet), walletReserved(wallet)) : null;
    const used = addPairs(dailyUsed(quota), dailyReserved(quota));
    return {
      canUseAi: premium || pkg !== null,
      daily: premium
        ? { day, quota: DAILY_QUOTA, used, remaining: dailyAvailable(DAILY_QUOTA, used) }
        : null,
      package: pkg,
    };
  }

  return {
    /**
     * Sets aside `inputTokens` plus up to `maxOutputTokens` for one call (not less than
     * `minOutputTokens`), or refuses with 402 'limit/ai' when the user's package and quota cannot
     * cover it.
     */
    async reserve(request: {
      userId: string;
      premium: boolean;
      feature: AiFeature;
      inputTokens: number;
      maxOutputTokens: number;
      minOutputTokens: number;
    }): Promise<Reservation> {
      const day = saoPauloDay();
      return inTransaction(db, async (tx) => {
        let wallet = await lockWallet(tx, request.userId);
        // Reservations a dead server left behind give their tokens back before anything else.
        if (wallet.hasExpired) {
          for (const { id } of await expiredReservations(tx, request.userId)) {
            await settleLocked(tx, id, ZERO, 'expired');
          }
          wallet = await lockWallet(tx, request.userId);
        }
        const quota = request.premium ? await ensureDailyQuota(tx, request.userId, day) : undefined;
        const allocation = allocate(
          {
            package: packageAvailable(walletBalance(wallet), walletReserved(wallet)),
            daily: quota
              ? dailyAvailable(DAILY_QUOTA, dailyUsed(quota), dailyReserved(quota))
              : null,
          },
          {
            input: request.inputTokens,
            maxOutput: request.maxOutputTokens,
            minOutput: request.minOutputTokens,
          },
        );
        if (!allocation) throw aiErrors.limit();
        const id = await insertReservation(tx, {
          userId: request.userId,
          feature: request.feature,
          day,
          package: allocation.package,
          daily: allocation.daily,
          ttlSeconds: RESERVATION_TTL_SECONDS,
          process: self,
        });
        return {
          id,
          maxOutputTokens: allocation.package.output + allocation.daily.output,
          reserved: allocation,
        };
      });
    },

    /**
     * Charges what the call used (the provider's report, or our own count), gives the rest back and
     * records the usage and its cost. Settling twice changes nothing (null the second time).
     */
    async settle(reservationId: string, used: Pair, outcome: CallOutcome): Promise<Pair | null> {
      const userId = await findReservationOwner(db, reservationId);
      if (!userId) return null;
      return inTransaction(db, async (tx) => {
        // The wallet lock first, as everywhere, then the reservation.
        await lockWallet(tx, userId);
        return settleLocked(tx, reservationId, used, outcome);
      });
    },

    /** Gives back what reservations of dead servers still hold (housekeeping). */
    async releaseExpired(): Promise<number> {
      return releaseEach(await expiredReservations(db));
    },

    /**
     * At start-up: gives back at once what calls of this machine's server processes that are no
     * longer running still hold (killed mid-call), instead of at their expiry.
     */
    async releaseOfEndedProcesses(): Promise<number> {
      const open = await openReservationsOfHost(db, self.hostname);
      return releaseEach(open.filter((row) => row.process && hasEnded(row.process)));
    },

    purgeSettled: () => purgeSettledReservations(db, SETTLED_KEEP_DAYS),

    /**
     * A call the team pays, charged to no user: a tutor's text written again after the team
     * changed a question (docs/product-rules.md, "The tutor after a change of key or comment").
     */
    recordTeamUsage: (feature: AiFeature, used: Pair) =>
      recordOperatorUsage(db, feature, nonNegative(used), pricing),

    /** What the user may spend now. */
    balance,

    /**
     * One answer check past the free daily limit, paid with `tokens` input tokens of the user's
     * package, inside the caller's transaction (docs/product-rules.md, "Answering questions").
     * False, and nothing spent, when the package cannot pay it.
     */
    async chargeCheck(tx: Database, userId: string, tokens: number): Promise<boolean> {
      const wallet = await lockWallet(tx, userId);
      const available = packageAvailable(walletBalance(wallet), walletReserved(wallet));
      if (!available || available.input < tokens) return false;
      await changeWallet(tx, userId, {
        balance: { input: -tokens, output: 0 },
        reserved: ZERO,
      });
      await addUsage(tx, {
        userId,
        day: saoPauloDay(),
        feature: 'check',
        inputTokens: tokens,
        outputTokens: 0,
        inputCostMicroUsd: 0,
        outputCostMicroUsd: 0,
      });
      return true;
    },

    /** Whether the user's package can pay `tokens` input tokens now. */
    async canPay(userId: string, tokens: number): Promise<boolean> {
      const wallet = await findWallet(db, userId);
      const available = wallet && packageAvailable(walletBalance(wallet), walletReserved(wallet));
      return Boolean(available && available.input >= tokens);
    },

    /** Whether the user holds package tokens that can still be spent. */
    async hasPackage(userId: string): Promise<boolean> {
      const wallet = await findWallet(db, userId);
      return Boolean(wallet && packageAvailable(walletBalance(wallet), ZERO));
    },

    /** GET /api/me/tokens: the balance and the usage accounting (tokens, cost in micro-USD). */
    async summary(userId: string, premium: boolean): Promise<TokensResponse> {
      const day = saoPauloDay();
      const currentMonth = day.slice(0, 7);
      const [now, today, months] = await Promise.all([
        balance(userId, premium),
        dayUsage(db, userId, day),
        monthlyUsage(db, userId),
      ]);
      const figures = (row: {
        inputTokens: number;
        outputTokens: number;
        inputCostMicroUsd: number;
        outputCostMicroUsd: number;
      }) => ({
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        inputCostMicroUsd: row.inputCostMicroUsd,
        outputCostMicroUsd: row.outputCostMicroUsd,
      });
      const lifetime = months.reduce(
        (sum, month) => ({
          inputTokens: sum.inputTokens + month.inputTokens,
          outputTokens: sum.outputTokens + month.outputTokens,
          inputCostMicroUsd: sum.inputCostMicroUsd + month.inputCostMicroUsd,
          outputCostMicroUsd: sum.outputCostMicroUsd + month.outputCostMicroUsd,
        }),
        { inputTokens: 0, outputTokens: 0, inputCostMicroUsd: 0, outputCostMicroUsd: 0 },
      );
      const thisMonth = months.find((month) => month.month === currentMonth);
      return {
        ...now,
        usage: {
          today: { day, ...figures(today) },
          currentMonth: {
            month: currentMonth,
            ...figures(thisMonth ?? ZERO_FIGURES),
          },
          monthlyHistory: months.map((month) => ({ month: month.month, ...figures(month) })),
          lifetime,
        },
      };
    },

    usageReport: (month: string) => usageReport(db, month),
  };
}

/**
 * Everyone's tokens and cost per day and feature in a month, 'YYYY-MM' (`ai:usage`), with the
 * team's own model work of each day after it (`users` null: no user is charged).
 */
export async function usageReport(db: Database, month: string) {
  const [from, until] = [`${month}-01`, firstDayAfter(month)];
  const [features, operator] = await Promise.all([
    usageByDayAndFeature(db, from, until),
    operatorUsageByDay(db, from, until),
  ]);
  const rows = [
    ...features.map((row): { users: number | null } & typeof row => row),
    ...operator.map(({ task, ...row }) => ({ ...row, feature: task, users: null })),
  ];
  return rows.sort(
    (a, b) => a.day.localeCompare(b.day) || Number(a.users === null) - Number(b.users === null),
  );
}

/** Records one call of the team's own model work at the configured prices (`ai:usage`). */
export async function recordOperatorUsage(
  db: Database,
  task: OperatorTask,
  used: Pair,
  pricing: Pricing,
) {
  await addOperatorUsage(db, {
    day: saoPauloDay(),
    task,
    inputTokens: used.input,
    outputTokens: used.output,
    inputCostMicroUsd: costMicroUsd(used.input, pricing.inputPerMillion),
    outputCostMicroUsd: costMicroUsd(used.output, pricing.outputPerMillion),
  });
}

const ZERO_FIGURES = {
  inputTokens: 0,
  outputTokens: 0,
  inputCostMicroUsd: 0,
  outputCostMicroUsd: 0,
};

export type TokenLedger = ReturnType<typeof createTokenLedger>;
