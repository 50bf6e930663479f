-- Repair for 0034_event_keys. 0034 copied the keys of the events already stored into
-- player_event_key and then created the trigger that makes every keyed insert claim its key, in
-- one transaction but without a lock: an event the previous release committed between the copy
-- and the trigger (a rolling deploy keeps it writing) got no key row, and a retry of it would be
-- stored a second time once 0035 dropped the old unique index. Copy every key still missing. Since
-- 0034 every keyed insert claims its key itself, so nothing can be missed after this statement,
-- and it needs no lock: an insert racing it either claimed its key already or claims it now
-- (ON CONFLICT DO NOTHING keeps the first).
--
-- One pass over the keyed events (a database of ten million events reads them for some seconds);
-- expand only: neither release's statements change.
INSERT INTO player_event_key (project_id, source, idempotency_key, external_user_id, created_at)
SELECT e.project_id, e.source, e.idempotency_key, e.external_user_id, e.created_at
  FROM player_event e
 WHERE e.idempotency_key IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM player_event_key k WHERE k.project_id = e.project_id AND k.source = e.source AND k.idempotency_key = e.idempotency_key)
ON CONFLICT DO NOTHING;
