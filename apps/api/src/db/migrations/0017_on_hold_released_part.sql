ALTER TABLE "transactions" ADD COLUMN "on_hold_released_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Credits marked released gave all of their held part.
UPDATE "transactions" SET "on_hold_released_minor" = "on_hold_minor"
 WHERE "on_hold_released_at" IS NOT NULL AND "on_hold_minor" > 0;--> statement-breakpoint
-- Earlier releases could move part of a credit's held money without marking it. What the user's
-- on-hold account no longer holds counts as released, oldest credits first.
UPDATE "transactions" t
   SET "on_hold_released_minor" = least(held.remaining, greatest(0, held.excess - (held.running - held.remaining)))
  FROM (select c.id, c.on_hold_minor as remaining,
               sum(c.on_hold_minor) over (partition by c.user_id order by c.created_at, c.id) as running,
               sum(c.on_hold_minor) over (partition by c.user_id) - coalesce(a.balance_minor, 0) as excess
          from "transactions" c
          left join "ledger_accounts" a on a.code = 'user:' || c.user_id || ':on_hold:' || c.currency
         where c.on_hold_minor > 0 and c.on_hold_released_at is null) held
 WHERE t.id = held.id AND held.excess > 0;--> statement-breakpoint
UPDATE "transactions" SET "on_hold_released_at" = "updated_at"
 WHERE "on_hold_released_at" IS NULL AND "on_hold_minor" > 0
   AND "on_hold_released_minor" = "on_hold_minor";--> statement-breakpoint
CREATE INDEX "transactions_on_hold_idx" ON "transactions" USING btree ("user_id","created_at","id") WHERE "transactions"."on_hold_released_minor" < "transactions"."on_hold_minor";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_on_hold_released_within" CHECK ("transactions"."on_hold_released_minor" >= 0 and "transactions"."on_hold_released_minor" <= "transactions"."on_hold_minor");