import { AccountView } from "./account-view";

export const metadata = { title: "Account" };

export default function AccountPage() {
  return <AccountView />;
}
