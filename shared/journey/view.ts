import type { Journey } from '@salon/shared';
import { standName, type StandsState } from '@salon/shared/stands';

/** The journey as the sidebar shows it: each stand with its name and panorama. */
export interface JourneyStand {
  id: string;
  /** In the page's language (niceNameEn in English); null while the stands load or for a stand that no longer exists. */
  name: string | null;
  /** Where "go to stand" leads; null when the stand is not known. */
  panoramaSlug: string | null;
}

export interface JourneyView {
  visiting: JourneyStand | null;
  toVisit: JourneyStand[];
  visited: JourneyStand[];
  /** 'empty': no stand in any list; 'done': every stand of the journey visited; 'ongoing' otherwise. */
  progress: 'empty' | 'done' | 'ongoing';
  /** The stand list (names, panoramas). */
  standsStatus: StandsState['status'];
}

export function journeyView(journey: Journey, stands: StandsState, locale: Parameters<typeof standName>[2]): JourneyView {
  const describe = (id: string): JourneyStand => ({
    id,
    name: standName(stands.stands, id, locale),
    panoramaSlug: stands.stands[id]?.panoramaSlug ?? null,
  });
  const visiting = journey.visitingStand ? describe(journey.visitingStand) : null;
  const toVisit = journey.standsToVisit.map(describe);
  const visited = journey.standsVisited.map(describe);
  const progress = !visiting && toVisit.length === 0 ? (visited.length === 0 ? 'empty' : 'done') : 'ongoing';
  return { visiting, toVisit, visited, progress, standsStatus: stands.status };
}
