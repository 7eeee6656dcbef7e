import type { Database } from '@/db/client';
import type { PersonalDataOwner } from '@/lib/personal-data';
import { purgeDataExportsAt } from './data-export.repo';

export function dataExportPersonalData(db: Database): PersonalDataOwner {
  return {
    module: 'data-export',
    tables: { data_exports: ['user_id', 'content'] },
    purgeExpired: async (now) => ({ dataExports: await purgeDataExportsAt(db, now) }),
  };
}
