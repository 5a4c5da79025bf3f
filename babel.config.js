// Used by jest (babel-jest) and Storybook. The webpack build runs only the Lingui macro through babel.
module.exports = {
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' } }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
  plugins: ['@lingui/babel-plugin-lingui-macro'],
};
