export const SCOPES = [
  { id: "session:issue", label: "Issue player sessions", description: "POST /v1/server/session-token for verified players." },
  { id: "events:write", label: "Write server events", description: "Send purchases and other events from your server." },
  { id: "economy:grant", label: "Grant economy", description: "POST /v1/economy/grant to credit players." },
  { id: "webhooks:check", label: "Check the webhook receiver", description: "Run the receiver check from CI or `npx playloop check-receiver`: test deliveries only, never a reward." },
] as const;

export type TScope = (typeof SCOPES)[number]["id"];
