import type { Database } from '@/db/client';
import type { Identity } from '@/db/personal-traces';

/** The account being deleted, as each module's erase step sees it. */
export interface ErasedAccount extends Identity {
  /** What stays in place of the account where a record must outlive it. */
  pseudonym: string;
  /** Ids of its help messages and error reports, which audit details name. */
  supportIds: string[];
}

/**
 * What a module holding personal data declares, once, in the one registry (docs/product-rules.md,
 * "Personal data and the LGPD"): its tables, how an account's data there goes when the account is
 * deleted, and what the daily retention removes. The deletion test checks that every table naming
 * an account is declared by some module.
 */
export interface PersonalDataOwner {
  module: string;
  /** Its tables that hold personal data, with those columns. */
  tables: Readonly<Record<string, readonly string[]>>;
  /**
   * In the deletion's transaction, before the account's row goes (which takes with it every row
   * that references it): what the row's deletion does not reach. Counts by kind, when it has any.
   */
  eraseAccount?(tx: Database, account: ErasedAccount): Promise<Record<string, number> | void>;
  /** The daily retention: removes what is past its period at `now`; how many of each kind. */
  purgeExpired?(now: Date): Promise<Record<string, number>>;
}

export function createPersonalDataRegistry() {
  const owners: PersonalDataOwner[] = [];
  return {
    add(owner: PersonalDataOwner) {
      if (owners.some((each) => each.module === owner.module)) {
        throw new Error(`personal data of ${owner.module} registered twice`);
      }
      owners.push(owner);
    },
    owners: (): readonly PersonalDataOwner[] => owners,
    /** Every module's erase step, in the order they registered; their counts together. */
    async eraseAccount(tx: Database, account: ErasedAccount) {
      const report: Record<string, number> = {};
      for (const owner of owners) Object.assign(report, await owner.eraseAccount?.(tx, account));
      return report;
    },
    /** Every module's retention purge; what each removed, by kind. */
    async purgeExpired(now: Date) {
      const report: Record<string, number> = {};
      for (const owner of owners) Object.assign(report, await owner.purgeExpired?.(now));
      return report;
    },
  };
}

export type PersonalDataRegistry = ReturnType<typeof createPersonalDataRegistry>;
