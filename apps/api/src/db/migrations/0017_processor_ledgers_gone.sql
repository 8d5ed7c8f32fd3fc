DROP TABLE "sandbox_charges" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_wallet_sessions" CASCADE;--> statement-breakpoint
DROP TYPE "public"."wallet_session_status";