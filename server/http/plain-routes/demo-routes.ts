import { serveDemoPage } from "../pages/demo-page";
import { GET } from "./openapi-parts";
import { definePlainRoute, type TAnyPlainRoute } from "./route";

/** The demo host page (/demo): the widget on a page of its own, for trying the games without a site. */
export const DEMO_ROUTES: readonly TAnyPlainRoute[] = [
  definePlainRoute({ methods: GET, path: "/demo", trailingSlash: true, auth: "none", handler: (req, res, { url }) => serveDemoPage(req, res, url) }),
];
