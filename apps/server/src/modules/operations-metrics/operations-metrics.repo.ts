import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '@gabarita/shared';
import { type Database, executeRows } from '@/db/client';

/**
 * The aggregates of /admin/numeros (docs/product-rules.md, "Operations console", "Numbers"). Every
 * query filters a timestamp or day column by range (so an index on it can serve it) and groups in
 * SQL; what comes back is at most a row per day and feature, never a row per purchase.
 * Sums are cast to float8: exact below 2^53, and a JS number from both drivers (bigint is a string).
 */
const TZ = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The first instant of São Paulo day `day`. */
const startOf = (day: string) => sql`((${day}::date)::timestamp at time zone ${TZ})`;
const endOf = (day: string) => sql`(((${day}::date) + 1)::timestamp at time zone ${TZ})`;
const dayOf = (column: string) =>
  sql.raw(`date_trunc('day', ${column} at time zone '${BUSINESS_TIME_ZONE}')::date`);

export interface PurchaseDayRow {
  day: string;
  approved: number;
  gross: number;
  plan: number;
  package: number;
  refunded: number;
  refunds: number;
  failed: number;
  expired: number;
}

/** Per São Paulo day of the period (every day, zeros included). */
export async function purchaseDays(db: Database, de: string, ate: string) {
  return executeRows<PurchaseDayRow>(
    db,
    sql`with approved as (
          select ${dayOf('paid_at')} as day, count(*)::int as approved,
            sum(price_centavos)::float8 as gross,
            coalesce(sum(price_centavos) filter (where product_type = 'plan'), 0)::float8 as plan,
            coalesce(sum(price_centavos) filter (where product_type = 'package'), 0)::float8 as package
          from purchases
          where paid_at >= ${startOf(de)} and paid_at < ${endOf(ate)}
          group by 1
        ), reversed as (
          select ${dayOf('reversed_at')} as day, count(*)::int as refunded,
            sum(price_centavos)::float8 as refunds
          from purchases
          where reversed_at >= ${startOf(de)} and reversed_at < ${endOf(ate)}
          group by 1
        ), attempts as (
          select ${dayOf('created_at')} as day,
            count(*) filter (where status in ('failed', 'rejected'))::int as failed,
            count(*) filter (where status in ('expired', 'cancelled'))::int as expired
          from purchases
          where created_at >= ${startOf(de)} and created_at < ${endOf(ate)}
            and status in ('failed', 'rejected', 'expired', 'cancelled')
          group by 1
        )
        select d.day::text as day,
          coalesce(a.approved, 0) as approved, coalesce(a.gross, 0) as gross,
          coalesce(a.plan, 0) as plan, coalesce(a.package, 0) as package,
          coalesce(r.refunded, 0) as refunded, coalesce(r.refunds, 0) as refunds,
          coalesce(t.failed, 0) as failed, coalesce(t.expired, 0) as expired
        -- An integer series: the date/interval form goes through timestamptz (hundreds of ms).
        from (select ${de}::date + i as day
              from generate_series(0, ${ate}::date - ${de}::date) as i) as d
        left join approved a on a.day = d.day
        left join reversed r on r.day = d.day
        left join attempts t on t.day = d.day
        order by d.day`,
  );
}

export interface ProductRow {
  product_type: 'plan' | 'package';
  product_id: string;
  product_name: string;
  approved: number;
  gross: number;
  refunded: number;
  refunds: number;
}

/** Per product sold: approved in the period, and refunds made in the period. */
export async function productTotals(db: Database, de: string, ate: string) {
  return executeRows<ProductRow>(
    db,
    sql`with approved as (
          select product_type, product_id, max(product_name) as product_name,
            count(*)::int as approved, sum(price_centavos)::float8 as gross
          from purchases
          where paid_at >= ${startOf(de)} and paid_at < ${endOf(ate)}
          group by 1, 2
        ), reversed as (
          select product_type, product_id, max(product_name) as product_name,
            count(*)::int as refunded, sum(price_centavos)::float8 as refunds
          from purchases
          where reversed_at >= ${startOf(de)} and reversed_at < ${endOf(ate)}
          group by 1, 2
        )
        select coalesce(a.product_type, r.product_type) as product_type,
          coalesce(a.product_id, r.product_id) as product_id,
          coalesce(a.product_name, r.product_name) as product_name,
          coalesce(a.approved, 0) as approved, coalesce(a.gross, 0) as gross,
          coalesce(r.refunded, 0) as refunded, coalesce(r.refunds, 0) as refunds
        from approved a
        full join reversed r on r.product_type = a.product_type and r.product_id = a.product_id
        order by 1, 2`,
  );
}

export interface AiDayRow {
  day: string;
  feature: string;
  input_tokens: number;
  output_tokens: number;
  cost_micro_usd: number;
}

/**
 * Tokens and cost per day and AI feature: the users' (token_usage; answer checks are not model
 * calls and stay out) and the team's own (operator_ai_usage).
 */
export async function aiDays(db: Database, de: string, ate: string) {
  return executeRows<AiDayRow>(
    db,
    sql`select day::text as day, feature,
          sum(input_tokens)::float8 as input_tokens, sum(output_tokens)::float8 as output_tokens,
          sum(input_cost_micro_usd + output_cost_micro_usd)::float8 as cost_micro_usd
        from token_usage
        where day between ${de}::date and ${ate}::date
          and feature in ('feedback', 'chat', 'didactic')
        group by day, feature
        union all
        select day::text, task,
          sum(input_tokens)::float8, sum(output_tokens)::float8,
          sum(input_cost_micro_usd + output_cost_micro_usd)::float8
        from operator_ai_usage
        where day between ${de}::date and ${ate}::date
        group by day, task`,
  );
}

export interface AccountFiguresRow {
  active_premium: number;
  signups: number;
  converted: number;
}

/** Premium accounts covering `today`, and the period's new customer accounts and buyers among them. */
export async function accountFigures(db: Database, de: string, ate: string, today: string) {
  const [row] = await executeRows<AccountFiguresRow>(
    db,
    sql`select
          (select count(*)::int from entitlements
            where premium_until >= ${startOf(today)}) as active_premium,
          count(*)::int as signups,
          count(*) filter (where exists (
            select 1 from purchases p where p.user_id = u.id and p.paid_at is not null
          ))::int as converted
        from users u
        where u.role = 'user' and u.created_at >= ${startOf(de)} and u.created_at < ${endOf(ate)}`,
  );
  return row!;
}
