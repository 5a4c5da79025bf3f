import { useId, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { url } from '@salon/shared';
import type { ImportData, ImportKind, LineIssue } from '@salon/shared/contracts/imports';
import { $imports, confirmImport, linesToSkip, previewImport, resetImport, type ImportState } from './store';
import { Sample } from './Sample';
import { injectAdminImportsStyles } from './styles';

/** The back office's CSV imports (spec §5 "Uploads"): users and video links, each previewed, confirmed, followed and reported. */
export function AdminImports() {
  injectAdminImportsStyles();
  return (
    <div className="salon-imports">
      <ImportPanel kind="users" />
      <ImportPanel kind="visio_links" />
    </div>
  );
}

function useTexts(kind: ImportKind) {
  const { t } = useLingui();
  return kind === 'users'
    ? {
        title: t`Users`,
        file: t`CSV file of users`,
        hint: (
          <Trans>
            A CSV file (UTF-8, or Excel’s “CSV (semicolon-separated)”), separated by commas or semicolons, whose first line names the
            columns <code>email</code>, <code>firstname</code> and <code>lastname</code>; <code>profile</code> (visitor or exhibitor),{' '}
            <code>mobile</code>, <code>city</code> and <code>postal_code</code> are read when present. Accounts are found by their email.
            Imported accounts have no password.
          </Trans>
        ),
        missing: t`Lines without email, skipped:`,
      }
    : {
        title: t`Video links`,
        file: t`CSV file of video links`,
        hint: (
          <Trans>
            A CSV file (UTF-8, or Excel’s “CSV (semicolon-separated)”) whose first line names the columns <code>name</code> (the person’s
            email, or their first and last name when only one account has it) and <code>link</code> (an http or https address).
          </Trans>
        ),
        missing: t`Lines without link, skipped:`,
      };
}

function ImportPanel({ kind }: { kind: ImportKind }) {
  const state = useStore($imports)[kind];
  const texts = useTexts(kind);
  const headingId = useId();
  return (
    <section className="salon-imports__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      <p className="salon-imports__hint">{texts.hint}</p>
      <Body kind={kind} state={state} fileLabel={texts.file} missingLabel={texts.missing} />
    </section>
  );
}

function FilePicker({ kind, label }: { kind: ImportKind; label: string }) {
  const id = useId();
  return (
    <label className="salon-imports__file" htmlFor={id}>
      {label}
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file chosen again must fire again.
          event.currentTarget.value = '';
          if (file) void previewImport(kind, file);
        }}
      />
    </label>
  );
}

function Body({ kind, state, fileLabel, missingLabel }: { kind: ImportKind; state: ImportState; fileLabel: string; missingLabel: string }) {
  const { t, i18n } = useLingui();
  switch (state.phase) {
    case 'idle':
      return <FilePicker kind={kind} label={fileLabel} />;
    case 'sending':
      return (
        <p className="salon-imports__status" role="status">
          <Trans>Reading {state.fileName}…</Trans>
        </p>
      );
    case 'error':
      return (
        <>
          <p className="salon-imports__error" role="alert">
            {typeof state.message === 'string' ? state.message : i18n._(state.message)}
          </p>
          <FilePicker kind={kind} label={fileLabel} />
        </>
      );
    case 'preview':
    case 'confirming':
      return <Preview kind={kind} data={state.data} busy={state.phase === 'confirming'} missingLabel={missingLabel} />;
    case 'running':
      return <Progress data={state.data} label={t`Import progress`} />;
    case 'report':
      return <Report kind={kind} data={state.data} />;
  }
}

function Counts({ items }: { items: [label: string, value: number][] }) {
  const { i18n } = useLingui();
  return (
    <ul className="salon-imports__counts">
      {items.map(([label, value]) => (
        <li key={label}>
          <strong>{i18n.number(value)}</strong>
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}

function IssueTable({ caption, issues, total }: { caption: ReactNode; issues: LineIssue[]; total: number }) {
  const { t } = useLingui();
  if (issues.length === 0) return null;
  const more = total - issues.length;
  return (
    <div className="salon-imports__scroll">
      <table className="salon-imports__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Line`}</th>
            <th scope="col">{t`Reason`}</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue) => (
            <tr key={`${issue.line}-${issue.code}`}>
              <td>{issue.line}</td>
              <td>{issue.reason}</td>
            </tr>
          ))}
          {more > 0 ? (
            <tr>
              <td colSpan={2}>
                <Plural value={more} one="and # more line" other="and # more lines" />
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

function Preview({ kind, data, busy, missingLabel }: { kind: ImportKind; data: ImportData; busy: boolean; missingLabel: string }) {
  const { t } = useLingui();
  const p = data.preview;
  const skip = linesToSkip(data);
  const fileName = data.file_name;
  return (
    <>
      <h3>
        <Trans>Preview of {fileName}</Trans>
      </h3>
      <p className="salon-imports__status">
        <Plural
          value={p.lines}
          one="# line read. Nothing is written until you confirm."
          other="# lines read. Nothing is written until you confirm."
        />
      </p>
      <Counts
        items={[
          [t`to create`, p.create],
          [t`to update`, p.update],
          [t`unchanged`, p.unchanged],
          [t`to skip`, skip],
        ]}
      />
      {p.ignored_columns.length > 0 ? (
        <p className="salon-imports__status">
          {t`Columns ignored:`} {p.ignored_columns.join(', ')}
        </p>
      ) : null}
      {p.missing.length > 0 ? (
        <p className="salon-imports__skip">
          {missingLabel} {p.missing.join(', ')}
        </p>
      ) : null}
      <IssueTable caption={t`Invalid lines, skipped`} issues={p.invalid} total={p.invalid_count} />
      <Sample preview={p} />
      <div className="salon-imports__actions">
        <button type="button" className="salon-imports__button" disabled={busy} onClick={() => void confirmImport(kind)}>
          {busy ? (
            t`Starting…`
          ) : skip > 0 ? (
            <Plural value={skip} one="Skip # line and import" other="Skip # lines and import" />
          ) : (
            t`Import`
          )}
        </button>
        <button
          type="button"
          className="salon-imports__button salon-imports__button--secondary"
          disabled={busy}
          onClick={() => resetImport(kind)}
        >
          {t`Choose another file`}
        </button>
      </div>
    </>
  );
}

function Progress({ data, label }: { data: ImportData; label: string }) {
  const { i18n } = useLingui();
  const { processed, total } = data.progress;
  const done = i18n.number(processed);
  const all = i18n.number(total);
  const fileName = data.file_name;
  return (
    <>
      <h3>
        <Trans>Importing {fileName}</Trans>
      </h3>
      <progress className="salon-imports__progress" aria-label={label} max={Math.max(total, 1)} value={processed} />
      <p className="salon-imports__status" aria-live="polite">
        <Trans>
          {done} of {all} lines
        </Trans>
      </p>
    </>
  );
}

function Report({ kind, data }: { kind: ImportKind; data: ImportData }) {
  const { t } = useLingui();
  const report = data.report ?? { created: 0, updated: 0, unchanged: 0, skipped: [], skipped_count: 0 };
  const fileName = data.file_name;
  return (
    <>
      <h3>
        <Trans>Report of {fileName}</Trans>
      </h3>
      {data.status === 'failed' ? (
        <p className="salon-imports__error" role="alert">
          {data.error}
        </p>
      ) : (
        <p className="salon-imports__done" role="status">
          {t`The import is finished.`}
        </p>
      )}
      <Counts
        items={[
          [t`created`, report.created],
          [t`updated`, report.updated],
          [t`unchanged`, report.unchanged],
          [t`skipped`, report.skipped_count],
        ]}
      />
      <IssueTable caption={t`Skipped lines`} issues={report.skipped} total={report.skipped_count} />
      {kind === 'users' && report.created + report.updated + report.unchanged > 0 ? <SigninLinks importId={data.id} /> : null}
      <div className="salon-imports__actions">
        <button type="button" className="salon-imports__button salon-imports__button--secondary" onClick={() => resetImport(kind)}>
          {t`Import another file`}
        </button>
      </div>
    </>
  );
}

/**
 * The imported accounts' sign-in links, e-mailed to each person (`send=import`) or as a CSV for the organiser's own
 * mailing tool: a plain form post to `/admin/comptes` (`action=signin-links`), the CSV answered as an attachment.
 */
function SigninLinks({ importId }: { importId: string }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className="salon-imports__links" aria-labelledby={headingId}>
      <h4 id={headingId}>{t`Sign-in links`}</h4>
      <p className="salon-imports__hint">
        {t`The imported accounts have no password. E-mail each person their sign-in link, or download the links (email, firstname, lastname, link) for your own mailing tool. Each link works once, for 14 days, and lets the person choose their password.`}
      </p>
      <form method="post" action={url('admin.accounts')}>
        <input type="hidden" name="action" value="signin-links" />
        <input type="hidden" name="import" value={importId} />
        <button type="submit" className="salon-imports__button" name="send" value="import">{t`E-mail the sign-in links`}</button>{' '}
        <button type="submit" className="salon-imports__button">{t`Download the sign-in links (CSV)`}</button>
      </form>
    </section>
  );
}
