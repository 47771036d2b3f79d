// Vitest setup for every test file. In jsdom files, Testing Library's findBy*/waitFor give up after
// 5 s instead of 1 s: CI runs many files at once on two cores, where a render after a fetch has taken
// longer than a second and failed tests that were right. A wrong answer still fails, 5 s later.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}

export {}; // a module, for the top-level await
