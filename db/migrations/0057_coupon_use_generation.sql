-- A limited code's uses are taken from its slots in blocks that a process hands out from memory;
-- a purchase's write statement checks that the block's generation is still the code's. Spreading
-- the slots again (a staff save, or the count of the actual uses when the slots run dry) raises it,
-- which voids every block handed out before.
ALTER TABLE "coupons" ADD COLUMN "use_generation" integer DEFAULT 0 NOT NULL;
