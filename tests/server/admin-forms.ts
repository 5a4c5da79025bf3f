/** The /admin settings form as the page fills it in: every field, the demo salon's values, some changed. */
export function settingsForm(changes: Record<string, string | string[]> = {}): URLSearchParams {
  const fields: Record<string, string | string[]> = {
    form: 'settings',
    'feature.journey': '1',
    room_name: 'Salon de l’innovation',
    room_name_en: 'Innovation Fair',
    room_desc: 'Description',
    room_desc_en: 'Description',
    form_text: 'Texte',
    social_title: 'Titre',
    social_title_en: 'Title',
    social_description: 'Desc',
    social_description_en: 'Desc',
    social_image: '/media/social.svg',
    'styles.sidebar.opacity': '85',
    'styles.sidebar.blur': '12',
    exhibitor_search_permissions: ['visitor', 'exhibitor'],
    visitor_search_permissions: ['exhibitor'],
    last_activity_period: '900',
    exhibitor_activity_period_before_hide: '600',
    exhibitor_upc_priority_action: 'chat',
    stands_optin_marketing: '1',
    contest_optin_marketing: '1',
    contests: 'default, printemps',
    feedback_delay: '1200',
    ga_ua: '',
    gif_key: '',
    ...changes,
  };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return body;
}
