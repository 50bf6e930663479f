import { findOwnedProject } from "@/server/domain/identity";
import { findTemplate } from "@/server/domain/gameplay/catalogue/catalogue-entries";
import { mergeLegacyGoals } from "@/server/domain/gameplay/events/streak";
import { getMechanic, isMechanicId } from "@/games/registry";
import { publishedTrack } from "./levels";

/**
 * Level goals as an admin sees them: only published level versions (number, id, version, goals,
 * constraints) of the project's mechanic, never run state. Legacy templates and the wheel have
 * no levels; a legacy template reports its textual goals (defaults merged with the project's
 * overrides, the default streak goal always kept).
 */
export async function levelGoals(opts: { accountId: string; projectId: string }) {
  const project = await findOwnedProject(opts);
  const mechanicId = project.playMechanic;
  if (mechanicId && isMechanicId(mechanicId) && project.entryMode !== "wheel_only") {
    const track = await publishedTrack(mechanicId);
    const mechanic = getMechanic(mechanicId);
    return {
      legacy_goals: [] as string[],
      mechanic: mechanicId,
      track_version: track.trackVersion,
      levels: track.levels.map((l) => ({
        number: l.number,
        level_id: l.id,
        level_version: l.version,
        goals: mechanic.describeGoals(l),
        constraints: mechanic.describeConstraints(l),
      })),
    };
  }
  const legacy = project.activeTemplateId ? findTemplate(project.activeTemplateId) : undefined;
  return {
    legacy_goals: legacy?.kind === "legacy_template" && project.entryMode !== "wheel_only" ? mergeLegacyGoals(project.legacyGoalOverrides) : [],
    mechanic: null,
    track_version: 0,
    levels: [] as Array<{ number: number; level_id: string; level_version: number; goals: string[]; constraints: string[] }>,
  };
}
