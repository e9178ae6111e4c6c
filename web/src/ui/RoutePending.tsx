import { Loading } from './Loading';
import './route-pending.css';

/** A route's pendingComponent: a spinner in a box as tall as a page, so the layout around it does not jump. */
export function RoutePending() {
  return (
    <div className="container route-pending">
      <Loading />
    </div>
  );
}
