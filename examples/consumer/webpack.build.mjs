// The same host app built with webpack 5 (its Node API, no CLI): proves the widgets' workers, written as
// `new Worker(new URL('./…', import.meta.url))` and `new URL('./…', import.meta.url)`, bundle outside Vite.
// Writes dist/webpack/ (after `vite build`, which empties dist/), with a hand-written index.html.
import { copyFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, 'dist/webpack');

const compiler = webpack({
  mode: 'production',
  context: here,
  entry: './src/main.tsx',
  output: { path: out, filename: '[name].[contenthash].js', publicPath: 'auto', clean: true },
  // Bundling is what is proven here; minifying 3 MB would only add a minute to every test run.
  optimization: { minimize: false },
  resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
  module: {
    rules: [{ test: /\.tsx?$/, exclude: /node_modules/, loader: resolve(here, 'esbuild-loader.cjs') }],
  },
  // webpack's own CSS support: the package's style.css needs no loader.
  experiments: { css: true },
  performance: { hints: false },
  devtool: false,
});

compiler.run((error, stats) => {
  compiler.close(() => {});
  if (error || !stats || stats.hasErrors()) {
    console.error(error ?? stats?.toString({ all: false, errors: true, errorDetails: true }));
    process.exit(1);
  }
  const info = stats.toJson({ all: false, entrypoints: true, assets: true });
  const files = (info.entrypoints?.main?.assets ?? []).map((asset) => asset.name);
  const tags = [
    ...files.filter((f) => f.endsWith('.css')).map((f) => `<link rel="stylesheet" href="./${f}" />`),
    ...files.filter((f) => f.endsWith('.js')).map((f) => `<script defer src="./${f}"></script>`),
  ];
  writeFileSync(
    resolve(out, 'index.html'),
    `<!doctype html>\n<html lang="es">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Anfitrión (webpack)</title>\n    ${tags.join('\n    ')}\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`,
  );
  for (const file of ['estilo.json', 'foto.svg'])
    copyFileSync(resolve(here, 'public', file), resolve(out, file));
  const assets = (info.assets ?? []).map(
    (asset) => `${asset.name} (${String(Math.round(asset.size / 1024))} KiB)`,
  );
  console.log(`webpack ${webpack.version}: ${assets.join(', ')}`);
});
