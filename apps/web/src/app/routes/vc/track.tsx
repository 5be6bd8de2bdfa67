import { StatusDealsPage } from './status-deals';

export default function VcTrackPage() {
  return <StatusDealsPage status="track" />;
}
