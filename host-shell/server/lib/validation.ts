import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TSchema, Static } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { PATTERNS } from '@salon/shared/contracts/patterns';
import { say } from '../i18n';

/** `number`: an integer or a number was expected and something else came. */
/** `characters`: a text with control or direction-override characters (`PATTERNS.singleLine`, `multiLine`). */
export type IssueKind =
  'required' | 'format' | 'characters' | 'tooShort' | 'tooLong' | 'oneOf' | 'type' | 'number' | 'range' | 'unknownField' | 'empty';

export interface Issue {
  /** Dotted field path (`fields_param.mobile`); '' for the whole value. */
  field: string;
  kind: IssueKind;
  /** Names no field, translated where it is answered: "must be one of en_EN, fr_FR". */
  message: MessageDescriptor;
}

type JsonSchema = TSchema & {
  anyOf?: JsonSchema[];
  const?: unknown;
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
};

const oneOf = (choices: string): MessageDescriptor => msg`must be one of ${choices}`;
const atLeastCharacters = (min: number): MessageDescriptor => msg`must be at least ${min} characters`;
const atMostCharacters = (max: number): MessageDescriptor => msg`must be at most ${max} characters`;
const atLeast = (min: number): MessageDescriptor => msg`must be at least ${min}`;
const atMost = (max: number): MessageDescriptor => msg`must be at most ${max}`;

/** A text that is empty, or (where the route checks it) only spaces. */
export const MUST_NOT_BE_EMPTY: MessageDescriptor = msg`must not be empty`;

const fieldOf = (path: string): string => path.replace(/^\//, '').split('/').join('.');

function describe(schema: JsonSchema, value: unknown): Pick<Issue, 'kind' | 'message'> {
  if (schema.anyOf) {
    const consts = schema.anyOf.filter((s) => 'const' in s).map((s) => String(s.const));
    if (consts.length === schema.anyOf.length) return { kind: 'oneOf', message: oneOf(consts.join(', ')) };
    const [only, ...more] = schema.anyOf.filter((s) => s.type !== 'null' && !('const' in s));
    if (only && more.length === 0) return describe(only, value);
    return { kind: 'type', message: msg`has an invalid value` };
  }
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return { kind: 'type', message: msg`must be a string` };
      if (schema.minLength !== undefined && value.length < schema.minLength)
        return schema.minLength === 1
          ? { kind: 'empty', message: MUST_NOT_BE_EMPTY }
          : { kind: 'tooShort', message: atLeastCharacters(schema.minLength) };
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        return { kind: 'tooLong', message: atMostCharacters(schema.maxLength) };
      if (schema.pattern === PATTERNS.singleLine || schema.pattern === PATTERNS.multiLine)
        return { kind: 'characters', message: msg`contains characters that are not allowed` };
      if (schema.pattern !== undefined) return { kind: 'format', message: msg`has an invalid format` };
      return { kind: 'type', message: msg`is invalid` };
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value)))
        return { kind: 'number', message: schema.type === 'integer' ? msg`must be an integer` : msg`must be a number` };
      if (schema.minimum !== undefined && value < schema.minimum) return { kind: 'range', message: atLeast(schema.minimum) };
      if (schema.maximum !== undefined && value > schema.maximum) return { kind: 'range', message: atMost(schema.maximum) };
      return { kind: 'range', message: msg`is out of range` };
    case 'boolean':
      return { kind: 'type', message: msg`must be true or false` };
    case 'object':
      return { kind: 'type', message: msg`must be an object` };
    case 'array':
      return { kind: 'type', message: msg`must be a list` };
    default:
      return { kind: 'type', message: msg`is invalid` };
  }
}

function toIssue(error: ValueError): Issue {
  const field = fieldOf(error.path);
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { field, kind: 'required', message: msg`is required` };
    case ValueErrorType.ObjectAdditionalProperties:
      return { field, kind: 'unknownField', message: msg`is not an accepted field` };
    case ValueErrorType.ObjectMinProperties:
      return { field, kind: 'required', message: msg`must contain at least one field` };
    default:
      return { field, ...describe(error.schema as JsonSchema, error.value) };
  }
}

/** One issue per field (the first), in schema order. */
export function issuesOf<T extends TSchema>(check: TypeCheck<T>, value: unknown): Issue[] {
  const byField = new Map<string, Issue>();
  for (const error of check.Errors(value)) {
    const issue = toIssue(error);
    if (!byField.has(issue.field)) byField.set(issue.field, issue);
  }
  return [...byField.values()];
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();
function compile<T extends TSchema>(schema: T): TypeCheck<T> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check as TypeCheck<T>;
}

export type Validated<T extends TSchema> = { ok: true; value: Static<T> } | { ok: false; issues: Issue[] };

/** Validates a value outside of fastify's request schemas (server-rendered forms). */
export function validate<T extends TSchema>(schema: T, value: unknown): Validated<T> {
  const check = compile(schema);
  if (check.Check(value)) return { ok: true, value };
  return { ok: false, issues: issuesOf(check, value) };
}

/** Sentence naming the field, for API error messages: `"lang" must be one of en_EN, fr_FR`. */
export const issueSentence = (locale: LocaleCode, issue: Issue): string => {
  const { field } = issue;
  const detail = say(locale, issue.message);
  return field ? say(locale, msg`"${field}" ${detail}`) : say(locale, msg`The value ${detail}`);
};

/** What fastify names the part of a request it validated (`dataVar`), and the refusal's wording for each. */
const REFUSALS: Readonly<Record<string, (details: string) => MessageDescriptor>> = {
  body: (details) => msg`Invalid body: ${details}`,
  querystring: (details) => msg`Invalid querystring: ${details}`,
  params: (details) => msg`Invalid params: ${details}`,
  headers: (details) => msg`Invalid headers: ${details}`,
};

/** A request refused by its schema, in the reader's language: `Invalid body: "lang" must be one of en_EN, fr_FR`. */
export function requestRefusal(locale: LocaleCode, part: string, issues: readonly Issue[]): string {
  const details = issues.map((issue) => issueSentence(locale, issue)).join('; ');
  return say(locale, (REFUSALS[part] ?? REFUSALS.body!)(details));
}

export interface SalonValidationError extends FastifySchemaValidationError {
  params: Issue & Record<string, unknown>;
}

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Query strings and path parameters arrive as strings. Scalars are converted only when the whole string has
 * the right shape (TypeBox's Value.Convert would turn '1.5' or '2abc' into an integer); the rest is left to fail.
 */
export function convertStrings(schema: TSchema, input: unknown): unknown {
  const s = schema as JsonSchema & { properties?: Record<string, JsonSchema> };
  if (s.type !== 'object' || !s.properties || typeof input !== 'object' || input === null) return Value.Convert(schema, input);
  const out: Record<string, unknown> = { ...input };
  for (const [key, property] of Object.entries(s.properties)) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    if (property.type === 'integer' && INTEGER.test(value)) out[key] = Number(value);
    else if (property.type === 'number' && NUMBER.test(value)) out[key] = Number(value);
    else if (property.type === 'boolean' && (value === 'true' || value === 'false')) out[key] = value === 'true';
  }
  return out;
}

/**
 * TypeBox's compiler as fastify's validator (as @fastify/type-provider-typebox's, with messages that name the field).
 * Query strings, params and headers are converted first ('2' → 2); bodies are not.
 */
export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  // Compiled the first time the route is called (lib/serializers.ts says why).
  let check: TypeCheck<TSchema> | undefined;
  return (input: unknown) => {
    check ??= compile(schema);
    const value = httpPart === 'body' ? input : convertStrings(schema, input);
    if (check.Check(value)) return { value };
    const error: SalonValidationError[] = issuesOf(check, value).map((issue) => ({
      keyword: issue.kind,
      instancePath: issue.field ? `/${issue.field.split('.').join('/')}` : '',
      schemaPath: '',
      params: { ...issue },
      message: issueSentence('en_EN', issue),
    }));
    return { error };
  };
};
