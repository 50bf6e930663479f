import { NewCampaign } from "../campaign-pages";

export const metadata = { title: "New campaign" };

export default function NewCampaignPage() {
  return <NewCampaign />;
}
