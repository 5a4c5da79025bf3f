import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { visitorPageData } from '@salon/shared/test/fixtures';
import { $liveStream, applyLiveSettings, receiveLiveSettings, resetLiveSettings } from './liveSettings';
import { $pageData, $parameters, setPageData } from './pageData';
import { $room, applyLiveActivity } from '@salon/shared/room';
import { $sidebar, showSidebar } from './sidebar';

const stream = { active: true, video_url: 'https://video.test/live', chat_url: 'https://video.test/chat' };

beforeEach(() => {
  resetLiveSettings();
  setPageData({ ...visitorPageData(), parameters: { ...visitorPageData().parameters, auth: true } });
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('applyLiveSettings (the liveSettings event)', () => {
  test('replaces the parameters (the viewer’s auth kept), the flags and is_streaming; the stream goes to $liveStream', () => {
    const parameters = { ...$parameters.get(), auth: undefined, room_name: 'Salon d’hiver', styles: { sidebar: { opacity: 40, blur: 2 } } };
    applyLiveSettings({ parameters, features: { journey: '0' }, stream });
    expect($parameters.get()).toMatchObject({ room_name: 'Salon d’hiver', styles: { sidebar: { opacity: 40, blur: 2 } }, auth: true });
    expect($pageData.get().features).toEqual({ journey: '0' });
    expect($pageData.get().is_streaming).toBe(true);
    expect($liveStream.get()).toEqual(stream);
  });

  test('keeps the user, the room state and the page data object when nothing differs', () => {
    applyLiveActivity({ active_users: 5, visited_stand_id: 's3' });
    const user = $pageData.get().user;
    applyLiveSettings({
      parameters: { room_name_en: 'Spring Fair' },
      features: { journey: '1' },
      stream: { active: false, video_url: null, chat_url: null },
    });
    expect($pageData.get().user).toBe(user);
    expect($room.get()).toMatchObject({ active_users: 5, visited_stand_id: 's3' });
    const same = $pageData.get();
    applyLiveSettings({
      parameters: { ...$parameters.get() },
      features: { journey: '1' },
      stream: { active: false, video_url: null, chat_url: null },
    });
    expect($pageData.get()).toBe(same);
  });

  test('malformed parts are ignored; an empty address is none', () => {
    const before = $pageData.get();
    applyLiveSettings({ parameters: 'x', features: ['journey'], stream: { active: 'yes' } });
    applyLiveSettings(null);
    expect($pageData.get()).toBe(before);
    expect($liveStream.get()).toBeNull();
    applyLiveSettings({ stream: { active: true, video_url: 'https://video.test/live', chat_url: '' } });
    expect($liveStream.get()).toEqual({ active: true, video_url: 'https://video.test/live', chat_url: null });
    applyLiveSettings({ features: { journey: '0', other: 'on' } });
    expect($pageData.get().features).toEqual({ journey: '0' });
  });

  test('the journey switched off closes the journey sidebar; another sidebar stays', () => {
    showSidebar({ name: 'journey' });
    applyLiveSettings({ features: { journey: '1' } });
    expect($sidebar.get()).toEqual({ name: 'journey' });
    applyLiveSettings({ features: { journey: '0' } });
    expect($sidebar.get()).toBeNull();
    showSidebar({ name: 'activity-stream' });
    applyLiveSettings({ features: { journey: '0' } });
    expect($sidebar.get()).toEqual({ name: 'activity-stream' });
  });

  test('unreadable event text is logged, nothing changes', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = $pageData.get();
    receiveLiveSettings('{not json');
    expect(errors).toHaveBeenCalled();
    expect($pageData.get()).toBe(before);
  });
});
