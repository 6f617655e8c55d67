// Shared DOM test setup: jest-dom matchers for the React apps' component tests.
import '@testing-library/jest-dom/vitest';
