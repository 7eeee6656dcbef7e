import type { PersonalDataOwner } from '@/lib/personal-data';
import type { TokenLedger } from './token-ledger.service';

export function tokensPersonalData(ledger: TokenLedger): PersonalDataOwner {
  return {
    module: 'tokens',
    tables: {
      token_wallets: ['user_id'],
      token_package_lots: ['user_id'],
      token_daily_quota: ['user_id'],
      token_reservations: ['user_id'],
      token_usage: ['user_id'],
    },
    purgeExpired: async () => ({ tokenReservations: await ledger.purgeSettled() }),
  };
}
