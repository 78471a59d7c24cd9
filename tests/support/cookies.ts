/**
 * The cookies an answer set, as a browser would send them back (`Cookie:` header value), for tests
 * that follow a flow across requests with fetch.
 */
export const cookiesSetBy = (headers: Headers): string =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
