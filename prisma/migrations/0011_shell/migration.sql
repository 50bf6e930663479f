-- Admin sessions a person can recognise: the device (user agent as sent, at most 512 characters),
-- the network it signed in from (the /24 of an IPv4 address or the /48 of an IPv6 one, never the
-- full address) and when it was last used (advanced at most once a minute).
ALTER TABLE admin_session
  ADD COLUMN user_agent text,
  ADD COLUMN network text,
  ADD COLUMN last_used_at timestamptz(3);
