-- The fraud gate counts players per network, not per address: an IPv6 client is counted by its
-- /64 (the prefix one subscriber gets, inside which privacy extensions hand out any number of
-- addresses), as the rate limiters already did. game_run.client_ip_hash and the address rollup now
-- hold the keyed hash of the network (unchanged for IPv4). Rows written before this migration hold
-- the hash of the full IPv6 address, which cannot be turned into its network's: a run therefore
-- also keeps its full address's hash, and for the rollup's 24-hour window the gate counts the
-- players under either, so nobody recorded before the change drops out of the count.
ALTER TABLE game_run ADD COLUMN client_addr_hash text;
