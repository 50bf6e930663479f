-- The address a session signed in from, as the login limits count it (an IPv4 address, an IPv6
-- /64), kept only as a keyed hash: the login lets the account's own addresses through once its
-- per-email limit is spent, even when strangers in the same /24 or /48 have spent that network's
-- budget. Sessions made before this column have none and count by their network only.
-- Expand only: the previous release's insert names no such column.
ALTER TABLE admin_session ADD COLUMN address_hash text;
