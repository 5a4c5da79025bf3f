import { atom, computed, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import type { ChatUsersQuery } from '@salon/shared/contracts/chat';
import { busSingleton, $parameters, $user } from '@salon/shared';
import { $room } from '@salon/shared/room';
import { getChatUsers } from './api';
import {
  isConnected,
  isSameUser,
  searchProfileOf,
  searchScope,
  SEARCH_PROFILES,
  type ChatUser,
  type SearchProfile,
  type SearchScope,
} from './chatRules';

/**
 * The Start tab (spec §2.7): the filters, and the people on the current stand and elsewhere in the room as
 * GET /api/chat/users finds them (the server keeps those active in the last 60 minutes, never the user).
 * Listening to `$chatUsers` searches; the name search waits 300 ms after the last keystroke.
 */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ChatUsersFilters {
  search: string;
  /** The ticked profiles; null: every profile the user may search. */
  profiles: SearchProfile[] | null;
  connected: boolean;
  notConnected: boolean;
}

export interface ChatPerson {
  user: ChatUser;
  connected: boolean;
}

export interface ChatUsersView {
  scope: SearchScope;
  /** Profiles offered as checkboxes (none when there is only one to find), and those ticked. */
  profiles: SearchProfile[];
  /** Connected / Not connected offered: only when someone may be found whether connected or not. */
  statuses: boolean;
  filters: { search: string; profiles: SearchProfile[]; connected: boolean; notConnected: boolean };
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** false: the organiser disabled the search (no permission, or the server said so). */
  enabled: boolean;
  /** null: no card (no current stand, or not allowed). */
  onStand: ChatPerson[] | null;
  elsewhere: ChatPerson[] | null;
}

const DEFAULT_FILTERS: ChatUsersFilters = { search: '', profiles: null, connected: true, notConnected: true };

interface Result {
  status: ChatUsersView['status'];
  searchEnabled: boolean;
  onStand: ChatUser[];
  elsewhere: ChatUser[];
}

const state = busSingleton('chatUsers', () => ({
  $filters: atom<ChatUsersFilters>(DEFAULT_FILTERS),
  $result: atom<Result>({ status: 'idle', searchEnabled: true, onStand: [], elsewhere: [] }),
  controller: null as AbortController | null,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
}));

const $scope = computed([$user, $parameters], (user, parameters) => searchScope(user, parameters));

/** The profile checkboxes: those the user may find (all of them when connected people of any profile are). */
function allowedProfiles(scope: SearchScope): SearchProfile[] {
  if (scope.connectedElsewhere || scope.connectedOnStand) return [...SEARCH_PROFILES];
  return SEARCH_PROFILES.filter((p) => scope.elsewhere.includes(p) || scope.onStand.includes(p));
}

function tickedProfiles(filters: ChatUsersFilters, scope: SearchScope): SearchProfile[] {
  const allowed = allowedProfiles(scope);
  return filters.profiles === null ? allowed : filters.profiles.filter((p) => allowed.includes(p));
}

/** The query for the filters, or null when they can match nobody. */
export function chatUsersQuery(filters: ChatUsersFilters, scope: SearchScope, standId: string | null): ChatUsersQuery | null {
  const profiles = tickedProfiles(filters, scope);
  const { connected, notConnected } = filters;
  if (!scope.enabled || profiles.length === 0 || (!connected && !notConnected)) return null;
  const query: ChatUsersQuery = { profiles: profiles.join(',') };
  const search = filters.search.trim().slice(0, 100);
  if (search) query.search = search;
  if (connected !== notConnected) query.connected = connected ? '1' : '0';
  if (standId) query.stand_id = standId;
  return query;
}

async function search(): Promise<void> {
  clearTimeout(state.timer);
  state.controller?.abort();
  const query = chatUsersQuery(state.$filters.get(), $scope.get(), $room.get().visited_stand_id);
  if (!query) {
    state.$result.set({ ...state.$result.get(), status: 'ready', onStand: [], elsewhere: [] });
    return;
  }
  const controller = new AbortController();
  state.controller = controller;
  state.$result.set({ ...state.$result.get(), status: 'loading' });
  try {
    const data = await getChatUsers(query, { signal: controller.signal });
    state.$result.set({ status: 'ready', searchEnabled: data.search_enabled, onStand: data.on_stand, elsewhere: data.elsewhere });
  } catch {
    if (!controller.signal.aborted) state.$result.set({ ...state.$result.get(), status: 'error' });
  }
}

const $view = busSingleton('chatUsersView', () => {
  const view = computed(
    [state.$filters, state.$result, $scope, $room, $user, $parameters],
    (filters, result, scope, room, user, parameters): ChatUsersView => {
      const now = Date.now();
      // What the server sends is filtered again by the same rules (never the user, only what the list allows).
      const card = (people: ChatUser[], profiles: SearchProfile[], anyConnected: boolean) =>
        people
          .map((person) => ({ user: person, connected: isConnected(person.last_activity_at, parameters.last_activity_period, now) }))
          .filter(({ user: person, connected }) => {
            const profile = searchProfileOf(person.profile);
            return !isSameUser(person, user) && ((profile !== null && profiles.includes(profile)) || (anyConnected && connected));
          });
      const ticked = tickedProfiles(filters, scope);
      const enabled = scope.enabled && result.searchEnabled;
      return {
        scope,
        profiles: allowedProfiles(scope).length > 1 ? allowedProfiles(scope) : [],
        statuses: scope.elsewhere.length + scope.onStand.length > 0,
        filters: { search: filters.search, profiles: ticked, connected: filters.connected, notConnected: filters.notConnected },
        status: result.status,
        enabled,
        onStand:
          enabled && room.visited_stand_id && (scope.onStand.length > 0 || scope.connectedOnStand)
            ? card(result.onStand, scope.onStand, scope.connectedOnStand)
            : null,
        elsewhere:
          enabled && (scope.elsewhere.length > 0 || scope.connectedElsewhere)
            ? card(result.elsewhere, scope.elsewhere, scope.connectedElsewhere)
            : null,
      };
    },
  );
  onMount(view, () => {
    void search();
    const stopStand = $room.listen((room, previous) => {
      if (room.visited_stand_id !== previous?.visited_stand_id) void search();
    });
    return () => {
      stopStand();
      clearTimeout(state.timer);
      state.controller?.abort();
    };
  });
  return view;
});

/** The Start tab's filters and results. */
export const $chatUsers: ReadableAtom<ChatUsersView> = readonlyType($view);

function setFilters(patch: Partial<ChatUsersFilters>, debounce = false): void {
  state.$filters.set({ ...state.$filters.get(), ...patch });
  if ($view.lc === 0) return;
  clearTimeout(state.timer);
  if (debounce) state.timer = setTimeout(() => void search(), SEARCH_DEBOUNCE_MS);
  else void search();
}

/** The name search, sent 300 ms after the last change. */
export function setChatSearch(text: string): void {
  setFilters({ search: text }, true);
}

export function toggleChatProfile(profile: SearchProfile): void {
  const ticked = tickedProfiles(state.$filters.get(), $scope.get());
  setFilters({ profiles: ticked.includes(profile) ? ticked.filter((p) => p !== profile) : [...ticked, profile] });
}

export function toggleChatConnection(which: 'connected' | 'notConnected'): void {
  setFilters({ [which]: !state.$filters.get()[which] });
}

export function resetChatUsers(): void {
  clearTimeout(state.timer);
  state.controller?.abort();
  state.$filters.set(DEFAULT_FILTERS);
  state.$result.set({ status: 'idle', searchEnabled: true, onStand: [], elsewhere: [] });
}
