import { CampaignList } from "./campaign-list";

export const metadata = { title: "Campaigns" };

export default function CampaignsPage() {
  return <CampaignList />;
}
