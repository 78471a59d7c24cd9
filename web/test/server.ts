/**
 * The network of web component tests, stubbed at the HTTP layer (msw/node). Each test file:
 *   import { server, http, HttpResponse } from '../../test/server';
 *   beforeAll(() => server.listen({ onUnhandledRequest: 'error' })); afterEach(() => server.resetHandlers()); afterAll(() => server.close());
 * Files using msw need the docblock `@jest-environment-options {"customExportConditions": [""]}` (msw/node has
 * no browser build; jest's jsdom environment resolves the browser one by default).
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, delay } from 'msw';

export { http, HttpResponse, delay };

export const server = setupServer();

/** Start msw for this test file, reset handlers between tests. */
export function useMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
