-- Every claim counted itself on its campaign's row (`claims_count + 1`) and held that row lock to
-- its COMMIT, so all claims of a campaign queued behind each other: auto_explain showed the claim
-- statement waiting p50 4.2 ms for the row at full load in the rewards bench, and one campaign could
-- never take more claims a second than one per lock hold. A campaign without a total cap needs no
-- atomic count: its claims add to one of sixteen counter rows chosen by the player, and the admin
-- API shows the row's count plus theirs. A capped campaign still counts on its row, checked against
-- the cap under the row lock; giving a campaign a cap folds the stripes into the row first (under an
-- exclusive per-project lock every claim decision holds shared, so none is in flight meanwhile).
CREATE TABLE campaign_claim_count (
  campaign_id uuid     NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,
  stripe      smallint NOT NULL,
  claims      integer  NOT NULL,
  PRIMARY KEY (campaign_id, stripe)
);
