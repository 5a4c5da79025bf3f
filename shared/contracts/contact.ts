import { Type, type Static } from '@sinclair/typebox';
import { Email } from './common';

export const ContactSubject = Type.Union([Type.Literal('question'), Type.Literal('edit_delete')]);

/** POST /contact, JSON or urlencoded (spec §5 promoter contact form). `email` is required when not authenticated. */
export const ContactBody = Type.Object(
  {
    email: Type.Optional(Type.Union([Email, Type.Literal('')])),
    subject: ContactSubject,
    message: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

/** The answer of POST /contact (spec §7): the status is repeated in the body. */
export const ContactAnswer = Type.Object({
  statusCode: Type.Integer(),
  data: Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    formErrors: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
});
export type ContactAnswer = Static<typeof ContactAnswer>;
