-- The column held two things: a reference the user attached, and (for card deposits, when the user
-- had not) the vendor's transaction id. It keeps only the first; the vendor's id gets its own column.
ALTER TABLE "transactions" RENAME COLUMN "third_party_reference" TO "client_reference";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
-- A transfer's copy of the vendor's reference was ours, never the user's (transfers are written
-- settled, so no user could attach one). Card deposits keep theirs: which were the user's cannot
-- be told apart in general, so none becomes the vendor's id (the sandbox's are recovered below).
UPDATE "transactions" SET "client_reference" = NULL
 WHERE "channel" = 'bank_transfer' AND "direction" = 'credit'
   AND "client_reference" = "provider_reference";--> statement-breakpoint
-- A card deposit's reference is the vendor's reference of that payment (we gave it to the vendor),
-- so earlier card deposits claim it now, unless a transfer was already credited under it: that is
-- the double credit of issue 13, and both rows of such a pair are left to a person.
UPDATE "transactions" AS "card" SET "provider_reference" = "card"."reference"
 WHERE "card"."channel" = 'card' AND "card"."direction" = 'credit'
   AND "card"."provider" IS NOT NULL AND "card"."provider_reference" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "transactions" AS "other"
                    WHERE "other"."provider" = "card"."provider"
                      AND "other"."provider_reference" = "card"."reference");--> statement-breakpoint
UPDATE "transactions" AS "flagged"
   SET "review_reason" = 'a card deposit and a transfer were both credited under one provider reference'
  FROM "transactions" AS "card"
 WHERE "card"."channel" = 'card' AND "card"."direction" = 'credit'
   AND "card"."provider" IS NOT NULL AND "card"."provider_reference" IS NULL
   AND "flagged"."review_reason" IS NULL
   AND ("flagged"."id" = "card"."id"
        OR ("flagged"."provider" = "card"."provider"
            AND "flagged"."provider_reference" = "card"."reference"));--> statement-breakpoint
-- The sandbox vendor keeps its books in this database, so its ids can be recovered for what it
-- paid and we credited; a card deposit's copy that equals the id was the vendor's, not the user's.
UPDATE "transactions" AS "t"
   SET "provider_transaction_id" = "p"."transaction_id",
       "client_reference" = CASE WHEN "t"."client_reference" = "p"."transaction_id"
                                 THEN NULL ELSE "t"."client_reference" END
  FROM "sandbox_payments" AS "p"
 WHERE "t"."provider" = 'sandbox' AND "t"."direction" = 'credit' AND "t"."status" = 'successful'
   AND "p"."reference" = "t"."provider_reference" AND "p"."status" = 'success'
   AND "p"."kind" = CASE "t"."channel" WHEN 'card' THEN 'checkout' ELSE 'transfer' END;--> statement-breakpoint
-- NOT VALID only spares the flagged card deposits above; every new or changed row is checked.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_provider_credit_referenced" CHECK ("transactions"."direction" <> 'credit' or "transactions"."provider" is null or "transactions"."provider_reference" is not null) NOT VALID;
