export const SCOPES = [
  { id: "session:issue", label: "Issue player sessions", description: "POST /v1/server/session-token for verified players." },
  { id: "events:write", label: "Write server events", description: "Send purchases and other events from your server." },
  { id: "economy:grant", label: "Grant economy", description: "POST /v1/economy/grant to credit players." },
] as const;

export type TScope = (typeof SCOPES)[number]["id"];
