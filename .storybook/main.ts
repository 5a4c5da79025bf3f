import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-webpack5';

const emojiData = (lang: string) => ({
  from: fileURLToPath(new URL(`../node_modules/emoji-picker-element-data/${lang}/emojibase`, import.meta.url)),
  to: `/spa/emoji/${lang}`,
});

// Stories import widgets directly (not through module federation): the stack brief measured that
// federation inside Storybook needs the remotes served, for no gain when browsing states.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../widgets/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-webpack5-compiler-babel'],
  framework: { name: '@storybook/react-webpack5', options: {} },
  // Stand-ins for the room frame, a live stream and its chat (the room stories load them in iframes), and the
  // emoji picker's data where the salon serves it.
  staticDirs: ['./public', emojiData('en'), emojiData('fr')],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
  // No chat server in Storybook: the socket is the tests' fake, answering like the server (socket-mock.ts).
  webpackFinal: (webpack) => ({
    ...webpack,
    resolve: {
      ...webpack.resolve,
      alias: { ...webpack.resolve?.alias, 'socket.io-client$': fileURLToPath(new URL('./socket-mock.ts', import.meta.url)) },
    },
  }),
};

export default config;
