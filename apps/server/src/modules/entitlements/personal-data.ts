import type { PersonalDataOwner } from '@/lib/personal-data';

export const entitlementsPersonalData: PersonalDataOwner = {
  module: 'entitlements',
  tables: { entitlements: ['user_id'] },
};
