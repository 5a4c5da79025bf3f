import { describe, expect, jest, test } from '@jest/globals';
import { visitorPageData } from '@salon/shared/test/fixtures';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';

/** The journey's state machine is its own module, loaded only when a room event can change the journey. */
describe('the journey machine loads on demand', () => {
  test('not for a stand outside the journey; at the first stand to visit, and then the event applies', async () => {
    const fetchMock = installFetch(() => jsonResponse({ data: {} }));
    let loads = 0;
    jest.doMock('@salon/shared/journey', () => {
      loads += 1;
      return jest.requireActual('@salon/shared/journey');
    });
    const { $journey, setPageData } = await import('@salon/shared');
    const { emitBusEvent } = await import('@salon/shared/room');
    const data = visitorPageData();
    setPageData({
      ...data,
      features: { journey: '1' },
      user: { ...data.user, journey: JSON.stringify({ vistingStand: null, standsToVisit: ['s1'], standsVisited: [] }) },
    });

    emitBusEvent('journey:visiting', { standId: 's9' });
    emitBusEvent('journey:leave', { standId: 's9' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(0);

    emitBusEvent('journey:visiting', { standId: 's1' });
    // The leave comes before the machine has loaded: it waits for it, and sees the visit.
    emitBusEvent('journey:leave', { standId: 's1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);
    expect($journey.get()).toEqual({ visitingStand: null, standsToVisit: [], standsVisited: ['s1'] });
    // Each change saved, in order.
    for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.requests.map((r) => r.json)).toEqual([
      { vistingStand: 's1', standsToVisit: [], standsVisited: [] },
      { vistingStand: null, standsToVisit: [], standsVisited: ['s1'] },
    ]);
    fetchMock.restore();
  });
});
