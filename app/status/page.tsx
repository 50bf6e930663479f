import type { Metadata } from "next";
import { StatusView } from "./status-view";

export const metadata: Metadata = { title: "Service status" };

/** The service's health for people; machines read the same facts at /v1/status. */
export default function StatusPage() {
  return <StatusView />;
}
