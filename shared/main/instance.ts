/**
 * Created once when `@salon/shared` is evaluated. Two remotes that see the same object share one
 * copy of this package (the lead's browser test compares it through `globalThis[Symbol.for('salon.mounted')]`).
 * Deliberately not a `singleton()`: it must differ when the package is duplicated.
 */
export const SHARED_INSTANCE: object = {};
