"use client";

import Link from "next/link";
import { Alert } from "@/app/_components/Alert";
import { useProject, useProjectId } from "../use-project";

/** Campaigns only fire in Rewards mode; say so where an admin sets them up, with the way out. */
export function RewardsModeBanner() {
  const projectId = useProjectId();
  const { data: p } = useProject();
  if (!p || p.game_mode === "rewards") return null;
  return (
    <Alert tone="warning" title="This project is in free play mode">
      Campaigns only fire in Rewards mode: free play wins are anonymous and earn nothing. You can set campaigns up now and{" "}
      <Link href={`/projects/${projectId}/settings`} className="font-medium underline underline-offset-2">
        switch to Rewards in Settings
      </Link>{" "}
      when you are ready.
    </Alert>
  );
}
