import { EditCampaign } from "../campaign-pages";

export const metadata = { title: "Edit campaign" };

export default function EditCampaignPage() {
  return <EditCampaign />;
}
