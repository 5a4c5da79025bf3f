/**
 * The server's texts: Lingui message descriptors (`msg` from `@lingui/core/macro`), translated from the compiled
 * catalogs, the server's own (`host-shell/server/i18n/locales`) and the forms' (`shared/forms`, the same texts the
 * browser shows). One I18n instance per locale, made once: requests of both languages interleave, so nothing is ever
 * activated per request.
 */
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { messages as formsEn } from '@salon/shared/forms/catalogs/en';
import { messages as formsFr } from '@salon/shared/forms/catalogs/fr';
import { messages as serverEn } from './locales/en/messages';
import { messages as serverFr } from './locales/fr/messages';

const instances: Readonly<Record<LocaleCode, I18n>> = {
  en_EN: setupI18n({ locale: 'en', messages: { en: { ...formsEn, ...serverEn } } }),
  fr_FR: setupI18n({ locale: 'fr', messages: { fr: { ...formsFr, ...serverFr } } }),
};

/** A descriptor in the locale's language. */
export const say = (locale: LocaleCode, descriptor: MessageDescriptor): string => instances[locale]._(descriptor);
