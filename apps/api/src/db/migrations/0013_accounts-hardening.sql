CREATE TABLE "customer_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "customer_sessions_refresh_token_hash_uq";--> statement-breakpoint
ALTER TABLE "customer_refresh_tokens" ADD CONSTRAINT "customer_refresh_tokens_customer_session_id_customer_sessions_id_fk" FOREIGN KEY ("customer_session_id") REFERENCES "public"."customer_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_refresh_tokens_session_idx" ON "customer_refresh_tokens" USING btree ("customer_session_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_idx" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "spent_captchas_expires_idx" ON "spent_captchas" USING btree ("expires_at");--> statement-breakpoint
-- Hand-written (keep when regenerating): open sessions keep their refresh token as the current one of their family.
INSERT INTO "customer_refresh_tokens" ("token_hash", "customer_session_id", "created_at") SELECT "refresh_token_hash", "id", "created_at" FROM "customer_sessions";--> statement-breakpoint
ALTER TABLE "customer_sessions" DROP COLUMN "refresh_token_hash";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "locked_until";