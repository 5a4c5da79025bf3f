import { Type, type Static } from '@sinclair/typebox';
import { Email, SingleLine } from './common';

export const PASSWORD_MIN_LENGTH = 8;

/** POST /connexion (urlencoded form). */
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginBody = Static<typeof LoginBody>;

/** POST /inscription (urlencoded form): a visitor account. */
export const RegisterBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 }),
  firstname: SingleLine(100),
  lastname: SingleLine(100),
});
export type RegisterBody = Static<typeof RegisterBody>;
