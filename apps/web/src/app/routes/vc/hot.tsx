import { StatusDealsPage } from './status-deals';

export default function VcHotPage() {
  return <StatusDealsPage status="hot" />;
}
