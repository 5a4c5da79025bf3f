import type { TrackingEventBody } from '@salon/shared/contracts/room';
import { postTrackingEvent } from './api';

export type TrackingEvent = TrackingEventBody;

/**
 * POST /api/tracking-event (the room frame's emitTrackingEvent, `stand_{id}_enter`, the offer answers of
 * spec §4.11). Measurement must never bother the visitor: a failure is logged, not toasted, and never rejects.
 */
export async function emitTracking(event: TrackingEvent): Promise<void> {
  try {
    await postTrackingEvent(event, { notify: false });
  } catch {
    // Logged by the API client.
  }
}
