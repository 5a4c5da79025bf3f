import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { type PageDataInput, showSidebar } from '@salon/shared';
import { visitorPageData, withLocale } from '@salon/shared/test/fixtures';
import { company, NO_INFO, NO_SOCIAL } from '@salon/shared/test/exhibitors';
import { CompanySheet } from '../widgets/company-sheet/CompanySheet';
import { setExhibitorAnswers } from '../.storybook/api-mock';
import type { SalonParameters } from '../.storybook/preview';
import { onPageWithToaster, logsOnPurpose } from './decorators';

interface Answer {
  answer: unknown;
}
const salon = (
  answer: unknown,
  pageData: PageDataInput = visitorPageData(),
  extra: Omit<SalonParameters, 'widgets' | 'pageData'> = {},
): { salon: SalonParameters; company: Answer } => ({
  salon: { widgets: ['company-sheet', 'toaster'], pageData, ...extra },
  company: { answer },
});

/**
 * The company sheet (spec §2.5), opened by the room frame's showCompanySheet: name, description, the info card
 * and the social card, each entry with a copy button (the toast confirms: the email, the number, a link).
 */
const meta = {
  title: 'Widgets/Company sheet',
  component: CompanySheet,
  loaders: [
    async ({ parameters }) => {
      setExhibitorAnswers({ company: (parameters.company as Answer | undefined)?.answer ?? company() });
      showSidebar({ name: 'company-sheet', companyId: 'c1' });
      return {};
    },
  ],
  decorators: [onPageWithToaster],
  // A phone layout (the widget's CSS has one): checked at 375×812 too.
  parameters: { ...salon(company()), check: { phone: true } },
} satisfies Meta<typeof CompanySheet>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every entry: website, documents, phone, email; Facebook, LinkedIn, Twitter, YouTube. Click a copy button. */
export const Full: Story = {};

/** No social links: no social card. */
export const OnlyInfo: Story = { parameters: salon(company(NO_SOCIAL)) };

/** No info entries: only the social card. */
export const OnlySocial: Story = { parameters: salon(company(NO_INFO)) };

/** Neither: the name and the description only. */
export const NoCards: Story = { parameters: salon(company({ ...NO_INFO, ...NO_SOCIAL })) };

/** The company is loading. */
export const Loading: Story = { parameters: salon('pending') };

/** The server fails: the error, its toast and a retry. */
export const LoadingError: Story = { parameters: salon(company(), visitorPageData(), { api: 'fail' }) };

/** French page: the French description and labels. */
export const French: Story = { parameters: salon(company(), withLocale(visitorPageData(), 'fr_FR')) };

/** A PDF uploaded from /admin/entreprises (`/api/medias/…`): "Download the documents" downloads it (no new tab). */
export const UploadedDocument: Story = { parameters: salon(company({ storage_link: '/api/medias/Q2xlYXJseUFQZGZEb2N1bWVu' })) };

/** The same in French: « Télécharger les documents ». */
export const UploadedDocumentFrench: Story = {
  parameters: salon(company({ storage_link: '/api/medias/Q2xlYXJseUFQZGZEb2N1bWVu' }), withLocale(visitorPageData(), 'fr_FR')),
};

logsOnPurpose([LoadingError], 'the story makes the server fail; the API client logs the failed call', 'Response not ok: 503');
