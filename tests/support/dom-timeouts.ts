// Vitest setup for every test file. In jsdom files, Testing Library's findBy*/waitFor give up after
// 15 s instead of 1 s: CI runs many files at once on two cores (beside CPU-heavy suites such as the login
// throttle's real scrypt hashing), where a render after a fetch has taken
// seconds and failed tests that were right. A wrong answer still fails, 15 s later.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 15_000 });
}

export {}; // a module, for the top-level await
