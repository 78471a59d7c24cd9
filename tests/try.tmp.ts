import { launchBrowser, newPage } from './support/browser';
(async () => {
  const browser = await launchBrowser();
  const base = 'http://127.0.0.1:3700';
  const page = await newPage(browser, base, 'mobile');
  const email = `try-${Date.now()}@example.com`;
  await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Try Out', email, password: 'secret1!' }) });
  page.on('request', (r) => { if (r.url().includes('/assets/home') || r.url().includes('/api/auth/login')) console.log('request', new URL(r.url()).pathname); });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1!');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  const t0 = Date.now();
  for (const wait of [0, 50, 150, 400, 1000]) {
    await page.waitForTimeout(wait);
    const text = await page.evaluate(() => (document.getElementById('root')?.innerText ?? '').slice(0, 60).replace(/\n/g, ' | '));
    console.log(Date.now() - t0, 'ms:', JSON.stringify(text));
  }
  await page.screenshot({ path: '/tmp/try-dash-later.png' });
  await page.context().close();
  await browser.close();
})();
