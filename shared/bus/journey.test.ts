import { describe, expect, test } from '@jest/globals';
import { visitorPageData } from '../page-data/fixtures';
import { setPageData } from './pageData';
import { $journey, parseJourney } from './journey';

describe('the journey as read from the page data', () => {
  test('parses user.journey (spec §3, keys as given)', () => {
    expect(parseJourney('{"vistingStand":"s1","standsToVisit":["s2","s3",4],"standsVisited":["s0"]}')).toEqual({
      vistingStand: 's1',
      standsToVisit: ['s2', 's3', '4'],
      standsVisited: ['s0'],
    });
  });

  test('anything unreadable is an empty journey', () => {
    const empty = { vistingStand: null, standsToVisit: [], standsVisited: [] };
    expect(parseJourney(null)).toEqual(empty);
    expect(parseJourney('not json')).toEqual(empty);
    expect(parseJourney('[1,2]')).toEqual(empty);
    expect(parseJourney('{"standsToVisit":"s1"}')).toEqual(empty);
  });

  test('follows the page data', () => {
    const data = visitorPageData();
    setPageData({ ...data, user: { ...data.user, journey: '{"standsToVisit":["a","b"]}' } });
    expect($journey.get().standsToVisit).toEqual(['a', 'b']);
    setPageData(visitorPageData());
    expect($journey.get().standsToVisit).toEqual([]);
  });
});
