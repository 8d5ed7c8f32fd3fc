ALTER TABLE "ui_templates" ADD COLUMN "order_status_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ui_templates" ADD COLUMN "order_status_stages" jsonb;