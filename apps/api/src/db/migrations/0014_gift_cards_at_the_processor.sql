DROP TABLE "sandbox_gift_card_entries" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_gift_cards" CASCADE;