import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react/macro';
import { $locale, IconButton, pickLocalized, SidebarFrame } from '@salon/shared';
import {
  $companySheet,
  companyEntries,
  copyToClipboard,
  reloadCompanySheet,
  type Company,
  type CompanyEntry,
  type CompanyEntryKey,
} from '@salon/shared/company';
import { injectCompanySheetStyles } from './styles';

const copyIcon = (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    focusable="false"
  >
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </svg>
);

function useEntryLabels(): Record<CompanyEntryKey, { label: string; copy: string; text?: string }> {
  const { t } = useLingui();
  return {
    website: { label: t`Website`, copy: t`Copy the website link` },
    documents: { label: t`Documents`, copy: t`Copy the documents link`, text: t`Download the documents` },
    phone: { label: t`Phone`, copy: t`Copy the phone number` },
    email: { label: t`Email`, copy: t`Copy the email` },
    facebook: { label: 'Facebook', copy: t`Copy the Facebook link` },
    linkedin: { label: 'LinkedIn', copy: t`Copy the LinkedIn link` },
    twitter: { label: 'Twitter', copy: t`Copy the Twitter link` },
    youtube: { label: 'YouTube', copy: t`Copy the YouTube link` },
  };
}

function EntryCard({ title, entries }: { title: string; entries: CompanyEntry[] }) {
  const labels = useEntryLabels();
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section className="salon-company-sheet__card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <ul>
        {entries.map((entry) => {
          const { label, copy, text } = labels[entry.key];
          const external = entry.copy === 'link';
          return (
            <li key={entry.key} className="salon-company-sheet__entry">
              <span className="salon-company-sheet__label">{label}</span>
              <a
                href={entry.href}
                {...(entry.download ? { download: '' } : external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {text ?? entry.value}
              </a>
              <IconButton label={copy} icon={copyIcon} onClick={() => void copyToClipboard(entry.value, entry.copy)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CompanyContent({ company }: { company: Company }) {
  const { t } = useLingui();
  const { locale } = useStore($locale);
  const description = pickLocalized(locale, company.description ?? '', company.description_en);
  const { info, social } = companyEntries(company);
  return (
    <div className="salon-company-sheet">
      {description && <p className="salon-company-sheet__description">{description}</p>}
      <EntryCard title={t`Information`} entries={info} />
      <EntryCard title={t`Social networks`} entries={social} />
    </div>
  );
}

/** The company sheet (spec §2.5): name, description, the info and social cards with copy buttons. */
export function CompanySheet() {
  injectCompanySheetStyles();
  const { t } = useLingui();
  const sheet = useStore($companySheet);
  const company = sheet.status === 'ready' ? sheet.company : null;
  const title = company?.name ?? t`Company sheet`;
  return (
    <SidebarFrame name="company-sheet" label={t`Company sheet`} title={<h2>{title}</h2>}>
      {(sheet.status === 'loading' || sheet.status === 'idle') && (
        <p className="salon-company-sheet__status" role="status">
          {t`Loading the company…`}
        </p>
      )}
      {sheet.status === 'error' && (
        <div className="salon-company-sheet__status" role="alert">
          <p>{t`The company sheet could not be loaded.`}</p>
          <button type="button" onClick={reloadCompanySheet}>
            {t`Try again`}
          </button>
        </div>
      )}
      {company && <CompanyContent company={company} />}
    </SidebarFrame>
  );
}
