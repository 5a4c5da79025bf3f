/** Spec §7: "A time-zone cookie is stored with SameSite strict". The server reads it to show local times. */
export const TIME_ZONE_COOKIE = 'salon_tz';
