// The smallest TypeScript/JSX loader for webpack: esbuild strips the types (the type check is tsc's job).
const { transform } = require('esbuild');

module.exports = function esbuildLoader(source) {
  const done = this.async();
  transform(source, {
    loader: this.resourcePath.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'automatic',
    target: 'es2022',
    format: 'esm',
    sourcefile: this.resourcePath,
  }).then(
    (result) => done(null, result.code),
    (error) => done(error),
  );
};
