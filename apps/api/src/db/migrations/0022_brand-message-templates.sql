CREATE TABLE "brand_message_templates" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"ready_text" text,
	"late_text" text,
	"receipt_subject" text,
	"receipt_intro" text,
	"receipt_closing" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_message_templates_length_ck" CHECK (char_length("brand_message_templates"."ready_text") <= 300 and char_length("brand_message_templates"."late_text") <= 300 and char_length("brand_message_templates"."receipt_subject") <= 150 and char_length("brand_message_templates"."receipt_intro") <= 1000 and char_length("brand_message_templates"."receipt_closing") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "brand_message_templates" ADD CONSTRAINT "brand_message_templates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;