import type { OpenAPIObject } from "trpc-to-openapi";

/**
 * Realistic example values for the API reference. Without them Swagger UI shows "string" and
 * random UUIDs, which tell a reader nothing; with them every request and response reads like one
 * from a real shop. Only string properties without their own example or enum are filled, by name
 * first, then by the shape of the name (`…_at`, `…_url`, `…_hash`) or the format.
 */
const BY_NAME: Record<string, string> = {
  project_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  account_id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  campaign_id: "c56a4180-65aa-42ec-a945-5fd21dec0538",
  claim_id: "9b2f6d1e-3a4c-4e8b-8f1d-2c7a5b6e9d01",
  delivery_id: "5d8e2a71-0b3c-4f6a-9e1d-7c2b8a4f3e10",
  run_id: "3b241101-e2bb-4255-8caf-4136c566a962",
  spin_id: "e4eaaaf2-d142-11e1-b3e4-080027620cdd",
  start_id: "a8098c1a-f86e-11da-bd1a-00112444be1e",
  command_id: "6fa459ea-ee8a-3ca4-894e-db77e160355e",
  key_id: "16fd2706-8baf-433b-82eb-8c7fada847da",
  flag_id: "886313e1-3b8a-5372-9b90-0c9aee199e5d",
  message_id: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
  session_id: "2c1b7e4a-9d3f-4a6b-8e5c-1f0a7b3d9e22",
  id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  external_user_id: "customer-48213",
  anonymous_id: "q4T9vLm2Xc8RbN1sKe7WfA3hZy6PjUd5",
  email: "maria@aurora-coffee.example",
  password: "correct horse battery staple",
  current_password: "correct horse battery staple",
  new_password: "a longer passphrase for 2026",
  name: "Aurora Coffee summer promo",
  title: "Gem Match",
  player_title: "Gem Match",
  label: "Free espresso",
  summary: "Free espresso for three wins this week",
  description: "Win three levels this week and get an espresso on us.",
  text: "You won a free espresso!",
  message: "Email or password is wrong",
  mechanic: "match3_v1",
  play_mechanic: "match3_v1",
  expected_mechanic: "match3_v1",
  game: "match3_v1",
  game_id: "match3_v1",
  current_game: "match3_v1",
  level_id: "match3_v1-level-3",
  resource_id: "coins",
  booster_id: "shuffle",
  effect: "shuffle",
  wheel_id: "daily",
  segment_id: "espresso",
  drawn_segment_id: "espresso",
  primary_color: "#6c5ce7",
  accent_color: "#6c5ce7",
  accent: "#6c5ce7",
  on_accent: "#ffffff",
  primary: "#6c5ce7",
  timezone: "Europe/Berlin",
  day: "2026-05-04",
  last_day: "2026-05-03",
  acked_day: "2026-05-03",
  idempotency_key: "order-2026-05-04-48213",
  client_idempotency_key: "order-2026-05-04-48213",
  reference: "order-48213",
  session_token: "pst_7Kq2mX9vR4bN8cL1eW6tY3uZ",
  token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwZjhmYWQ1YiJ9.c2lnbmF0dXJl",
  effect_token: "eft_4Nq8sV2mK7pL1xR9",
  secret: "whsec_3kP9mQ2vX7nL4rT8yB6cW1zF",
  prefix: "pk_live_7Kq2",
  otpauth_uri: "otpauth://totp/Playloop:maria%40aurora-coffee.example?secret=JBSWY3DPEHPK3PXP&issuer=Playloop",
  issuer: "Playloop",
  snippet: '<script async src="https://play.example.com/v1/widget.js" data-project-id="7c9e6679-7425-40de-944b-e07fc1f90ae7"></script>',
  address: "203.0.113.24",
  contact: "203.0.113.24",
  version: "0.1.0",
  build_version: "r3f9a1c0b7e42",
  client_seed: "a41f9c2e",
  experiment_key: "summer-2026",
  cohort: "b",
};

const HEX = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

function exampleFor(name: string, format: string | undefined): string | undefined {
  if (BY_NAME[name]) return BY_NAME[name];
  if (name.endsWith("_at") || name.endsWith("_until") || name === "server_time" || name === "at") return "2026-05-04T09:30:00.000Z";
  if (name.endsWith("_url") || format === "uri") return name.includes("webhook") || name === "url" || name === "target_url" ? "https://api.aurora-coffee.example/playloop/webhooks" : "https://cdn.aurora-coffee.example/games/lobby.png";
  if (name.endsWith("_hash") || name.endsWith("_commitment") || name.endsWith("_seed") || name === "roll_hex" || name === "weights_salt") return HEX;
  if (format === "uuid" || name.endsWith("_id")) return "7c9e6679-7425-40de-944b-e07fc1f90ae7";
  if (format === "email") return BY_NAME.email;
  if (format === "date-time") return "2026-05-04T09:30:00.000Z";
  return undefined;
}

type TSchema = { type?: unknown; format?: string; enum?: unknown[]; example?: unknown; examples?: unknown; properties?: Record<string, TSchema>; pattern?: string };

const isString = (s: TSchema) => s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"));

function walk(node: unknown, seen: Set<unknown>): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((n) => walk(n, seen));
  const s = node as TSchema;
  if (s.properties && typeof s.properties === "object") {
    for (const [name, prop] of Object.entries(s.properties)) {
      if (!prop || typeof prop !== "object" || !isString(prop) || prop.enum || prop.example !== undefined || prop.examples !== undefined) continue;
      // "code" is an error code in answers and a 6-digit one-time code in 2FA requests (which have a pattern)
      const ex = name === "code" ? (prop.pattern ? "482913" : undefined) : exampleFor(name, prop.format);
      if (ex !== undefined && fits(ex, prop.pattern)) prop.example = ex;
    }
  }
  for (const v of Object.values(node)) walk(v, seen);
}

function fits(value: string, pattern: string | undefined): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return false;
  }
}

/** Fills realistic examples into the document's schemas in place. */
export function addExamples(doc: OpenAPIObject): void {
  walk(doc.paths, new Set());
  walk(doc.components, new Set());
}
