import { msg } from '@lingui/core/macro';
import { say } from '../../i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FeaturesPatch, ParametersPatch, StreamBody } from '@salon/shared/contracts/settings';
import type { LocaleCode } from '@salon/shared/contracts/page-data';
import { url } from '@salon/shared/contracts/routes';
import { Type } from '@sinclair/typebox';
import { badRequest } from '../../lib/errors';
import { convertStrings, validate, type Issue } from '../../lib/validation';
import { listChanges } from '../../services/audit';
import { auditSection } from '../../views/audit';
import { counts } from '../../services/backoffice';
import { loadFeatures, loadParameters, loadStream, type StoredParameters } from '../../services/settings';
import { PARAMETER_GROUPS, settingsSection, streamSection, type FormValues } from '../../views/admin-settings';
import { adminArea } from '../../views/areas';
import type { PageContext } from '../../views/layout';
import { issueMessage } from '../../views/messages';
import { changeSettings, changeStream } from '../api/admin';
import { nextStream } from '../../services/settings-changes';
import { gate, pageContext, sendPage } from './kit';

const FIELDS = PARAMETER_GROUPS.flatMap((group) => group.fields);

/** The stored settings as the form shows them. */
function valuesOf(parameters: StoredParameters, features: Record<string, string>): FormValues {
  const values: FormValues = { 'feature.journey': features.journey === '1' ? '1' : '' };
  for (const f of FIELDS) {
    const value: unknown =
      f.name === 'styles.sidebar.opacity'
        ? parameters.styles.sidebar.opacity
        : f.name === 'styles.sidebar.blur'
          ? parameters.styles.sidebar.blur
          : parameters[f.name];
    if (f.kind === 'bool') values[f.name] = value === true ? '1' : '';
    else if (f.kind === 'permissions') values[f.name] = Array.isArray(value) ? value.map(String) : [];
    else if (f.kind === 'list') values[f.name] = Array.isArray(value) ? value.join(', ') : '';
    else values[f.name] = String(value ?? '');
  }
  return values;
}

/** The urlencoded body: trimmed texts, and lists for the names given more than once (the checkbox groups). */
function postedValues(body: unknown): FormValues {
  const out: FormValues = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') out[key] = value.trim();
    else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
  }
  return out;
}

const text = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** A number when the text is one; else the text, which the schema then refuses with the field's message. */
const numberOf = (value: string): number | string => (NUMBER.test(value) ? Number(value) : value);

/** The form's values as the API's payloads: every field is sent, so every parameter is checked by `ParametersPatch`. */
function patchesOf(values: FormValues): { parameters: Record<string, unknown>; features: Record<string, unknown> } {
  const parameters: Record<string, unknown> = {};
  for (const f of FIELDS) {
    if (f.name === 'styles.sidebar.opacity' || f.name === 'styles.sidebar.blur') continue;
    const value = values[f.name];
    switch (f.kind) {
      case 'bool':
        parameters[f.name] = text(value) === '1';
        break;
      case 'permissions':
        parameters[f.name] = Array.isArray(value) ? value : value ? [value] : [];
        break;
      case 'list':
        parameters[f.name] = text(value)
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        break;
      case 'int':
        parameters[f.name] = numberOf(text(value));
        break;
      default:
        parameters[f.name] = text(value);
    }
  }
  parameters.styles = {
    sidebar: { opacity: numberOf(text(values['styles.sidebar.opacity'])), blur: numberOf(text(values['styles.sidebar.blur'])) },
  };
  return { parameters, features: { journey: text(values['feature.journey']) === '1' } };
}

/** An issue next to its field: `styles.sidebar.opacity` is its own input, a checkbox group's item is the group. */
function errorsOf(locale: LocaleCode, issues: Issue[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const name = prefix + (issue.field.replace(/\.\d+$/, '') || '_');
    out[name] ??=
      issue.kind === 'range'
        ? say(locale, msg`Outside the limits shown`)
        : issue.kind === 'number'
          ? say(locale, msg`A number is expected`)
          : issue.kind === 'format' && (issue.field === 'video_url' || issue.field === 'chat_url' || issue.field === 'social_image')
            ? say(locale, msg`Expected a web address (https://…)`)
            : issueMessage(locale, issue);
  }
  return out;
}

interface AdminPageState {
  settings?: { values: FormValues; errors: Record<string, string> };
  stream?: { values: FormValues; errors: Record<string, string> };
  saved?: 'settings' | 'stream';
}

async function adminPage(request: FastifyRequest, ctx: PageContext, state: AdminPageState = {}): Promise<string> {
  const db = request.server.db;
  // Checked before any query starts: a bad page is a 400 that leaves nothing running behind it.
  const auditPage = auditPageOf(request);
  const [c, parameters, features, stream, log] = await Promise.all([
    counts(db),
    loadParameters(db),
    loadFeatures(db),
    loadStream(db),
    listChanges(db, auditPage),
  ]);
  return adminArea(
    ctx,
    c,
    streamSection(ctx, { current: stream, ...(state.stream ?? {}), saved: state.saved === 'stream' }),
    settingsSection(ctx, { values: valuesOf(parameters, features), ...(state.settings ?? {}), saved: state.saved === 'settings' }),
    auditSection(ctx, log),
  );
}

const AuditPageQuery = Type.Object({ audit_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })) });

/** `?audit_page=n`: the change log's page (a malformed one is a 400, as the API's `?page=`). */
function auditPageOf(request: FastifyRequest): number {
  const query: unknown = request.query;
  const given = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).audit_page : undefined;
  if (given === undefined) return 1;
  const checked = validate(AuditPageQuery, convertStrings(AuditPageQuery, { audit_page: given }));
  if (!checked.ok) throw badRequest('"audit_page" must be a whole number from 1');
  return checked.value.audit_page ?? 1;
}

function savedOf(request: FastifyRequest): AdminPageState['saved'] {
  const query: unknown = request.query;
  const saved = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).saved : undefined;
  return saved === 'settings' || saved === 'stream' ? saved : undefined;
}

export async function showAdmin(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const saved = savedOf(request);
  return sendPage(reply, await adminPage(request, ctx, saved ? { saved } : {}));
}

/**
 * POST /admin: the settings form (`form=settings`) or the stream form (`form=stream`). Administrators only (the
 * page's gate); the form guard has checked the origin. Checked by the API's schemas; invalid: the page again (400)
 * with the values and the errors next to their fields; saved: a redirect (303) to the page, and every connected
 * visitor gets the change through the live activity.
 */
export async function saveAdmin(request: FastifyRequest, reply: FastifyReply) {
  const user = await gate(request, reply, { registered: true, profiles: ['administrator'] });
  if (!user) return reply;
  const ctx = await pageContext(request);
  const app = request.server;
  const values = postedValues(request.body);
  const done = (saved: 'settings' | 'stream') =>
    reply.redirect(url('admin', {}, { origin: ctx.origin, query: { saved }, hash: saved }), 303);

  if (values.form === 'stream') {
    const body: Record<string, unknown> = {
      active: text(values.active) === '1',
      video_url: text(values.video_url),
      chat_url: text(values.chat_url),
    };
    const checked = validate(StreamBody, body);
    let errors = checked.ok ? {} : errorsOf(ctx.locale, checked.issues);
    if (checked.ok) {
      const next = await nextStream(app.db, checked.value);
      if (next.ok) {
        await changeStream(app, user, next.stream);
        return done('stream');
      }
      errors = { video_url: say(ctx.locale, msg`Required to switch the live stream on`) };
    }
    return sendPage(reply, await adminPage(request, ctx, { stream: { values, errors } }), 400);
  }

  if (values.form === 'settings') {
    const { parameters, features } = patchesOf(values);
    const checkedParameters = validate(ParametersPatch, parameters);
    const checkedFeatures = validate(FeaturesPatch, features);
    if (checkedParameters.ok && checkedFeatures.ok) {
      await changeSettings(app, user, { parameters: checkedParameters.value, features: checkedFeatures.value });
      return done('settings');
    }
    const errors = {
      ...(checkedParameters.ok ? {} : errorsOf(ctx.locale, checkedParameters.issues)),
      ...(checkedFeatures.ok ? {} : errorsOf(ctx.locale, checkedFeatures.issues, 'feature.')),
    };
    return sendPage(reply, await adminPage(request, ctx, { settings: { values, errors } }), 400);
  }

  return sendPage(reply, await adminPage(request, ctx), 400);
}
