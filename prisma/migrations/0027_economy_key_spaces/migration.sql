-- Economy idempotency keys were one key space per project: player P's spend with key
-- `order-1679` made player Q's spend with that key, and a server grant to Q with it, a 409 — a
-- player who guessed an integrator's order-number keys could make its grants fail, and reading
-- the spec's "within a project" literally would have handed P's stored result (P's effect token)
-- to Q. A spend's key is now the player's own (key_owner = the player), and server and admin
-- grants share a key space of their own per project (key_owner = '', which no player id is).
ALTER TABLE economy_operation ADD COLUMN key_owner text;
UPDATE economy_operation SET key_owner = CASE WHEN kind = 'spend' THEN external_user_id ELSE '' END;
ALTER TABLE economy_operation ALTER COLUMN key_owner SET NOT NULL;
ALTER TABLE economy_operation DROP CONSTRAINT economy_operation_pkey;
ALTER TABLE economy_operation ADD PRIMARY KEY (project_id, key_owner, idempotency_key);
