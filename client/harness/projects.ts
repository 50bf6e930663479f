// Harness projects: fixed UUIDs (the real API requires UUID project ids),
// one per mechanic, each with its own accent to exercise theming.
export const HARNESS_PROJECTS = [
  { id: "00000000-0000-4000-8000-00000000a001", mechanic: "match3_v1", accent: "#6c5ce7" },
  { id: "00000000-0000-4000-8000-00000000a002", mechanic: "memory_v1", accent: "#e8457a" },
  { id: "00000000-0000-4000-8000-00000000a003", mechanic: "parcel_pilot_v1", accent: "#0f8fb8" },
] as const;

export function harnessProject(mechanic: string) {
  return HARNESS_PROJECTS.find((p) => p.mechanic === mechanic) ?? HARNESS_PROJECTS[0];
}
