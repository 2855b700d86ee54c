CREATE TABLE "transaction_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_counts_total" CHECK ("transaction_counts"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawal_day" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdrawn_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_counts" ADD CONSTRAINT "transaction_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each statement that inserts transactions adds them to their users' counts (users in id order,
-- so statements writing for several users lock the count rows in one order).
CREATE FUNCTION transactions_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_counts (user_id, total)
  SELECT user_id, count(*) FROM inserted_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = transaction_counts.total + excluded.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION transactions_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transaction_counts c SET total = c.total - d.removed
    FROM (SELECT user_id, count(*) AS removed FROM deleted_rows GROUP BY user_id) d
   WHERE c.user_id = d.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_counted AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION transactions_count_inserted();
--> statement-breakpoint
CREATE TRIGGER transactions_uncounted AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION transactions_count_deleted();
--> statement-breakpoint
INSERT INTO transaction_counts (user_id, total)
SELECT user_id, count(*) FROM transactions GROUP BY user_id;
--> statement-breakpoint
-- Today's withdrawals so far (Africa/Lagos is UTC+1 all year, as `businessDate` in
-- platform/clock.ts).
UPDATE users u SET withdrawal_day = today.day, withdrawn_minor = today.amount_minor
  FROM (SELECT user_id, ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date AS day,
               sum(amount_minor) AS amount_minor
          FROM transactions
         WHERE type = 'withdrawal' AND status IN ('pending', 'successful')
           AND ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date
               = ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date
         GROUP BY user_id) today
 WHERE u.id = today.user_id;
