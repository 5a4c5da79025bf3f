/**
 * `@salon/shared/company`: the company sheet's part of the bus (spec §2.5) and its API call. Its own entry, not
 * part of `@salon/shared/exhibitors`: the company sheet then carries neither the room, the live activity nor the
 * exhibitor card.
 */
export {
  $companySheet,
  companyEntries,
  copyToClipboard,
  reloadCompanySheet,
  EMAIL_COPIED,
  PHONE_COPIED,
  LINK_COPIED,
  COPY_FAILED,
  type CompanySheetState,
  type CompanyEntry,
  type CompanyEntryKey,
  type CopyKind,
} from './company';
export { getCompany } from './api';
export type { Company } from '@salon/shared/contracts/exhibitors';
