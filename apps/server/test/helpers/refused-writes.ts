import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';

/**
 * Makes the database refuse audit entries of one action, as a write failing inside the action's
 * transaction would, until the returned function is called.
 */
export async function refuseAuditEntries(db: Database, action: string) {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION refuse_audit_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action = TG_ARGV[0] THEN RAISE EXCEPTION 'audit entry refused'; END IF;
      RETURN NEW;
    END $$`);
  await db.execute(
    sql.raw(
      `CREATE TRIGGER refuse_audit_entry BEFORE INSERT ON audit_log FOR EACH ROW ` +
        `EXECUTE FUNCTION refuse_audit_entry('${action.replaceAll("'", "''")}')`,
    ),
  );
  return async () => {
    await db.execute(sql`DROP TRIGGER refuse_audit_entry ON audit_log`);
  };
}
