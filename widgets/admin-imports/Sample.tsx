import { useLingui } from '@lingui/react/macro';
import type { ImportPreview } from '@salon/shared/contracts/imports';

/**
 * The first lines of the file as the server read them, so that the organiser checks the names (accents above all)
 * before confirming; a file read as Windows-1252 (French Excel's default CSV) says so.
 */
export function Sample({ preview }: { preview: ImportPreview }) {
  const { t } = useLingui();
  const { sample, encoding } = preview;
  if (sample.rows.length === 0) return null;
  return (
    <div className="salon-imports__scroll">
      {encoding === 'windows-1252' ? (
        <p className="salon-imports__status">{t`Read as Windows-1252, the encoding of Excel’s “CSV (semicolon-separated)”: check the accents below.`}</p>
      ) : null}
      <table className="salon-imports__table">
        <caption>{t`The first lines as read`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Line`}</th>
            {sample.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sample.rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              {row.values.map((value, i) => (
                <td key={sample.columns[i] ?? i}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
