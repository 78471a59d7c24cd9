import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevMailbox, openMailer, SmtpMailer } from './index';

const aMail = (n: number) => ({ to: `user${n}@example.com`, subject: `Subject ${n}`, text: `Open https://app.example.com/reset-password/u.${n} now`, html: `<p>${n}</p>` });

describe('DevMailbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should list nothing before any mail is sent', async () => {
    expect(await new DevMailbox(join(dir, 'mailbox.jsonl')).list()).toEqual([]);
  });

  it('should keep mails across instances (restarts), newest first', async () => {
    const file = join(dir, 'nested', 'mailbox.jsonl');
    const first = new DevMailbox(file, () => new Date('2026-01-01T10:00:00.000Z'));
    await first.send(aMail(1));
    await first.send(aMail(2));

    const mails = await new DevMailbox(file).list();

    expect(mails.map((m) => m.subject)).toEqual(['Subject 2', 'Subject 1']);
    expect(mails[0]).toEqual({ id: expect.any(String), ...aMail(2), sentAt: '2026-01-01T10:00:00.000Z' });
  });

  it('should keep every line when many mails are sent at once', async () => {
    const mailbox = new DevMailbox(join(dir, 'mailbox.jsonl'));
    await Promise.all(Array.from({ length: 25 }, (_, i) => mailbox.send(aMail(i))));
    expect(await mailbox.list()).toHaveLength(25);
  });

  it('should skip a torn last line', async () => {
    const file = join(dir, 'mailbox.jsonl');
    const mailbox = new DevMailbox(file);
    await mailbox.send(aMail(1));
    appendFileSync(file, '{"id":"x","to":');
    expect((await mailbox.list()).map((m) => m.subject)).toEqual(['Subject 1']);
  });
});

describe('openMailer', () => {
  it('should pick the dev mailbox without SMTP_URL and SMTP with it', () => {
    expect(openMailer({ dataDir: '/tmp/x' })).toBeInstanceOf(DevMailbox);
    const smtp = openMailer({ dataDir: '/tmp/x', smtpUrl: 'smtp://localhost:2525', from: 'Studio <no-reply@example.com>' });
    expect(smtp).toBeInstanceOf(SmtpMailer);
    (smtp as SmtpMailer).close();
  });

  it('should refuse SMTP without a From address', () => {
    expect(() => openMailer({ dataDir: '/tmp/x', smtpUrl: 'smtp://localhost:2525' })).toThrow('MAIL_FROM');
  });
});
