import { StatusDealsPage } from './status-deals';

export default function VcColdPage() {
  return <StatusDealsPage status="cold" />;
}
