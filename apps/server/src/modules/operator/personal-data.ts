import type { PersonalDataOwner } from '@/lib/personal-data';
import { pseudonymiseOperatorRuns } from './operator.repo';

export const operatorPersonalData: PersonalDataOwner = {
  module: 'operator',
  tables: { operator_runs: ['args'] },
  eraseAccount: (tx, account) => pseudonymiseOperatorRuns(tx, account, account.pseudonym),
};
