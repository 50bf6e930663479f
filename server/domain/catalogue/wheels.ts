/**
 * Whether a project has a published wheel. Wheels are not configurable yet (the economy-and-wheel
 * capability adds drafts and publishing), so no project has one: wheel settings answer
 * `wheel_config_missing` and `*_wheel_ready` is false, never a success stub.
 */
export async function hasPublishedWheel(_projectId: string, _wheelId: "daily" | "site"): Promise<boolean> {
  return false;
}
