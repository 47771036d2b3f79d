// The live positions from GET /api/fleetMap/stream (Server-Sent Events; the session cookie goes
// with it as with every call). EventSource reconnects by itself after a dropped connection; a
// refusal (not text/event-stream: the session ended, the operation was withdrawn) closes it for
// good, and so does the server's `end` event: the page then asks the API client, which handles
// the envelope's codes (a 103 signs the user out) like everywhere else.
import { API_BASE } from '../../env/api-client.ts';
import type { FleetPosition } from './fleet-model.ts';

export interface FleetStreamHandlers {
  onPositions: (batch: FleetPosition[]) => void;
  /** Connected (again): positions missed while away come with the next snapshot. */
  onOpen: () => void;
  /** Closed for good by the server or a refusal. */
  onClosed: () => void;
}

export function openFleetStream(h: FleetStreamHandlers): () => void {
  const source = new EventSource(`${API_BASE}/fleetMap/stream`);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    source.close();
  };
  source.addEventListener('ready', () => h.onOpen());
  source.addEventListener('positions', (e) => h.onPositions(JSON.parse((e as MessageEvent<string>).data) as FleetPosition[]));
  source.addEventListener('end', () => {
    close();
    h.onClosed();
  });
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED && !closed) {
      close();
      h.onClosed();
    }
  });
  return close;
}
