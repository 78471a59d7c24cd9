import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { DevMailbox, SessionTokens, routerFor, serverPageHead } from '@app/platform';
import { DEV_MAILBOX_LOCAL_ONLY, devMailboxHandlers } from './dev-mailbox-pages';

const aMail = (n: number) => ({ to: `user${n}@example.com`, subject: `Subject ${n}`, text: `Open https://app.example.com/reset-password/u.${n} now`, html: `<p>${n}</p>` });

describe('GET /dev/mailbox', () => {
  let dir: string;
  let mailbox: DevMailbox;
  let app: express.Express;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mailbox-'));
    mailbox = new DevMailbox(join(dir, 'mailbox.jsonl'));
    app = express().set('trust proxy', 'loopback').use(routerFor(devMailboxHandlers(mailbox), { tokens: new SessionTokens('x'.repeat(32)) }));
    await mailbox.send({ ...aMail(1), subject: '<script>alert(1)</script>' });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should answer the mails as JSON', async () => {
    const res = await request(app).get('/dev/mailbox/messages').expect(200);
    expect(res.body).toEqual([{ id: expect.any(String), ...aMail(1), subject: '<script>alert(1)</script>', sentAt: expect.any(String) }]);
  });

  it('should refuse anyone who is not on this machine, since it holds every reset link', async () => {
    const res = await request(app).get('/dev/mailbox/messages').set('x-forwarded-for', '203.0.113.9').expect(403);
    expect(res.text).toBe(DEV_MAILBOX_LOCAL_ONLY);
    await request(app).get('/dev/mailbox').set('x-forwarded-for', '203.0.113.9').expect(403);
  });

  it('should show an HTML page with working, escaped links', async () => {
    const res = await request(app).get('/dev/mailbox').expect(200).expect('Content-Type', /html/);
    expect(res.text).toContain('<a href="https://app.example.com/reset-password/u.1">');
    expect(res.text).toContain('&lt;script&gt;');
    expect(res.text).not.toContain('<script>alert');
    // The product's icon, as every page of the app names it (else the browser asks for /favicon.ico, a 404).
    expect(res.text).toContain(serverPageHead('Dev mailbox'));
  });
});

