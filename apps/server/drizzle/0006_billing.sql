CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"price_centavos" integer NOT NULL,
	"plan_days" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"provider_status" text,
	"qr_code" text,
	"qr_code_base64" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"granted_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"previous_until" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_provider_payment_unique" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('pending', 'paid', 'expired', 'cancelled', 'rejected', 'refunded', 'charged_back', 'failed')),
	CONSTRAINT "purchases_provider_check" CHECK ("purchases"."provider" in ('sandbox', 'mercadopago')),
	CONSTRAINT "purchases_product_type_check" CHECK ("purchases"."product_type" in ('plan', 'package')),
	CONSTRAINT "purchases_price_positive" CHECK ("purchases"."price_centavos" > 0),
	CONSTRAINT "purchases_plan_days_check" CHECK (("purchases"."product_type" = 'plan') = ("purchases"."plan_days" is not null and "purchases"."plan_days" > 0)),
	CONSTRAINT "purchases_reversal_after_grant" CHECK ("purchases"."reversed_at" is null or "purchases"."granted_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"external_reference" text NOT NULL,
	"amount_centavos" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"qr_code" text NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_next_check_idx" ON "purchases" USING btree ("next_check_at") WHERE "purchases"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "purchases_pending_idx" ON "purchases" USING btree ("expires_at") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_charges_reference_idx" ON "sandbox_charges" USING btree ("external_reference");