import { serverPageHead } from './server-page';

describe('serverPageHead', () => {
  it('should lay the page out for a phone, keep it out of search engines and name the product icon', () => {
    // Given a page the server writes itself
    // When its head is written
    const head = serverPageHead('Dev mailbox');
    // Then it has what every page of the web app has
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(head).toContain('<title>Dev mailbox</title>');
  });

  it('should escape the title', () => {
    expect(serverPageHead('A <b> & "c"')).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
  });
});
