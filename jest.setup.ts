import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 10 s rather than Testing Library's 1 s: a loaded machine (a browser, a build or a
// server beside the tests) can take longer than a second to render what a test waits for.
configure({ asyncUtilTimeout: 10_000 });
