import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, within } from 'storybook/test';
import { TOKENS, type TokenName } from '@salon/shared';
import { TOKEN_USES, tokenGroup, type TokenGroup } from '@salon/shared/test/tokens-doc';

interface Token {
  name: TokenName;
  value: string;
  group: TokenGroup;
  use: string;
}

/** The list of shared/main/ui/tokens.ts, with each token's group and use (tokens-doc.ts). */
const LIST: Token[] = (Object.entries(TOKENS) as [TokenName, string][]).map(([name, value]) => ({
  name,
  value,
  group: tokenGroup(name),
  use: TOKEN_USES[name],
}));

const GROUPS: { group: TokenGroup; title: string }[] = [
  { group: 'colour', title: 'Colours' },
  { group: 'space', title: 'Spacing' },
  { group: 'radius', title: 'Radii' },
  { group: 'shadow', title: 'Shadows' },
  { group: 'font-size', title: 'Type sizes' },
];

/** A sample drawn with the token itself (`var(--…)`), so the page shows what the widgets get. */
function Sample({ token }: { token: Token }) {
  const value = `var(${token.name})`;
  const box = { width: '3rem', height: '2rem', border: '1px solid #71717a', background: '#fff' } as const;
  switch (token.group) {
    case 'colour':
      return <span aria-hidden="true" style={{ ...box, display: 'inline-block', background: value }} />;
    case 'space':
      return <span aria-hidden="true" style={{ display: 'inline-block', width: value, height: '1rem', background: '#1f5fa8' }} />;
    case 'radius':
      return <span aria-hidden="true" style={{ ...box, display: 'inline-block', borderRadius: value }} />;
    case 'shadow':
      return <span aria-hidden="true" style={{ ...box, display: 'inline-block', border: 0, boxShadow: value }} />;
    case 'font-size':
      return <span style={{ fontSize: value }}>Salon de l’innovation</span>;
  }
}

/** Every design token of `@salon/shared` (shared/main/ui/tokens.ts), by group, each with its sample, value and use. */
function TokensPage() {
  return (
    <main style={{ padding: '1.5rem', font: '14px/1.4 system-ui,sans-serif', color: '#1d1d1f' }}>
      <h1 style={{ margin: '0 0 1rem', fontSize: '1.5rem' }}>Design tokens</h1>
      {GROUPS.map(({ group, title }) => (
        <section key={group} aria-labelledby={`tokens-${group}`}>
          <h2 id={`tokens-${group}`} style={{ fontSize: '1.1rem', margin: '1.25rem 0 .5rem' }}>
            {title}
          </h2>
          <table style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {['Sample', 'Token', 'Value', 'Use'].map((heading) => (
                  <th key={heading} scope="col" style={{ textAlign: 'left', padding: '.25rem 1rem .25rem 0' }}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LIST.filter((t) => t.group === group).map((token) => (
                <tr key={token.name} data-token={token.name}>
                  <td style={{ padding: '.35rem 1rem .35rem 0' }}>
                    <Sample token={token} />
                  </td>
                  <td style={{ padding: '.35rem 1rem .35rem 0' }}>
                    <code>{token.name}</code>
                  </td>
                  <td style={{ padding: '.35rem 1rem .35rem 0' }}>
                    <code>{token.value}</code>
                  </td>
                  <td style={{ padding: '.35rem 1rem .35rem 0' }}>{token.use}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </main>
  );
}

const meta: Meta<typeof TokensPage> = {
  title: 'Design tokens',
  component: TokensPage,
  parameters: { layout: 'fullscreen' },
};
export default meta;

type Story = StoryObj<typeof TokensPage>;

/** The whole list, generated from TOKENS: a token added there appears here. */
export const AllTokens: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    for (const name of Object.keys(TOKENS)) await expect(page.getByText(name, { exact: true })).toBeVisible();
  },
};
