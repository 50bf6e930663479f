/**
 * Workspace — what an admin sets up: projects (create, read, update, embed snippet, templates) and onboarding; and the demo projects the service sets up for visitors. Top row: nothing imports it but the edges.
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./demo/demo-projects";
export * from "./onboarding/onboarding";
export * from "./projects/create-project";
export * from "./projects/embed";
export * from "./projects/list-templates-for-account";
export * from "./projects/read-projects";
export * from "./projects/update-project";
