-- The month's billable players, kept apart from the events they were counted from. Monthly active
-- users were counted from player_event, which an erasure deletes: erasing players before the 1st
-- took them out of the month's invoice. A row is written (by the service, see
-- server/domain/billing/active-players.ts) the first time a player has an event in a calendar
-- month (UTC), keyed by a keyed hash of account and player — never the id — so an erasure keeps
-- it and nothing in it names the person. The rows of the months before this migration are filled
-- from the events by the service once, right after it is applied (server/db/prepare.ts).
CREATE TABLE billing_active_player (
  account_id    uuid NOT NULL REFERENCES admin_account(id) ON DELETE CASCADE,
  period_start  date NOT NULL,
  player_hash   text NOT NULL,
  anonymous     boolean NOT NULL,
  first_seen_at timestamptz(3) NOT NULL,
  PRIMARY KEY (account_id, period_start, player_hash)
);
