import type { StorybookConfig } from '@storybook/react-webpack5';

// Stories import widgets directly (not through module federation): the stack brief measured that
// federation inside Storybook needs the remotes served, for no gain when browsing states.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../widgets/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-webpack5-compiler-babel'],
  framework: { name: '@storybook/react-webpack5', options: {} },
  // Stand-ins for the room frame, a live stream and its chat (the room stories load them in iframes).
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
};

export default config;
