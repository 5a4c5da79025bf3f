import { Type, type Static } from '@sinclair/typebox';

export const LocaleCode = Type.Union([Type.Literal('en_EN'), Type.Literal('fr_FR')]);

export const Lang = Type.Object({
  name: Type.String(),
  prefix_all: LocaleCode,
  flag: Type.String(),
});

/** GET /api/langs */
export const LangsData = Type.Object({ langs: Type.Array(Lang) });
export type LangsData = Static<typeof LangsData>;

/** GET /api/locale */
export const LocaleData = Type.Object({ locale: LocaleCode, multi: Type.Boolean() });
export type LocaleData = Static<typeof LocaleData>;

/** POST or PUT /api/locale */
export const LocaleBody = Type.Object({ lang: LocaleCode }, { additionalProperties: false });
export type LocaleBody = Static<typeof LocaleBody>;
