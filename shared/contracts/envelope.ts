import { Type, type TSchema } from '@sinclair/typebox';

/** Every answer of the API is `{data: …}` (spec §7); an error is `{data: {error: true, message}}`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

export const ErrorData = Type.Object({
  error: Type.Literal(true),
  message: Type.String(),
  /** Field name → message, for form validation errors. */
  formErrors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
