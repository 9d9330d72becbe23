// A host's CSS imports are its bundler's business (Vite and webpack's `experiments.css` both take them).
declare module '*.css';
