-- A commodity sale's activity row read its sale value while every other credit with a fee reads
-- what reached the wallet (its fee came out of the sale). Earlier sales are restated the same way;
-- the ledger is untouched, it always moved the value less the fee.
UPDATE "transactions" SET "amount_minor" = "amount_minor" - "fee_minor"
 WHERE "type" = 'trade' AND "direction" = 'credit' AND "fee_minor" > 0
   AND "metadata" ? 'commodity' AND "amount_minor" > "fee_minor";
