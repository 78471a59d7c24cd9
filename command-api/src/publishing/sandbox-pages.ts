import { PLATFORM_LABELS, isPlatform } from '@app/domain';
import { SANDBOX_COLLECTION, escapeHtml, SANDBOX_LABEL, serverPageHead, sandboxCode, sandboxGalleryUrl, type BlobStore, type DocumentStore, type HandlersOf, type SandboxPost } from '@app/platform';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head>${serverPageHead(`${title} · ${SANDBOX_LABEL}`)}
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:2px dashed #d97706;color:#92400e;padding:.6rem 1rem;border-radius:8px;font-weight:700;letter-spacing:.02em}
.card{border:1px solid #e5e7eb;border-radius:10px;padding:1rem;margin:1rem 0}video{max-width:100%;max-height:420px;background:#000;border-radius:6px}
button{background:#2563eb;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}
input{font-size:1rem;padding:.5rem;border:1px solid #d1d5db;border-radius:6px;width:100%;box-sizing:border-box}.muted{color:#6b7280}</style></head>
<body><p class="banner" role="note">${SANDBOX_LABEL}</p>${body}</body></html>`;
}

/**
 * The sandbox's pages at /sandbox: the consent page (`/sandbox/connect/:platform?state=…`,
 * answering to our OAuth callback) and the published gallery (`/sandbox/published`).
 */
export function sandboxPageHandlers(deps: { docs: DocumentStore; blobs: BlobStore }): HandlersOf<'sandboxConsent' | 'sandboxAllow' | 'sandboxGallery' | 'sandboxPost' | 'sandboxPostVideo'> {
  const posts = () => deps.docs.collection<SandboxPost>(SANDBOX_COLLECTION);
  return {
    sandboxConsent: (req, res) => {
      const platform = req.params.platform;
      const state = typeof req.query.state === 'string' ? req.query.state : '';
      if (!isPlatform(platform) || !state) {
        res.status(400).type('html').send(page('Invalid request', '<h1>Invalid request</h1><p>This consent link is incomplete. Start again from Account.</p>'));
        return;
      }
      const name = PLATFORM_LABELS[platform];
      res.type('html').send(page(`Connect ${name}`, `<h1>Connect your ${escapeHtml(name)} account</h1>
<div class="card"><p><strong>Faceless Studio</strong> would like to upload videos to your ${escapeHtml(name)} account.</p>
<p class="muted">This is the offline sandbox: no real ${escapeHtml(name)} account is used, and "published" videos go to this sandbox account's own gallery, linked from Account.</p>
<form method="post" action="/sandbox/connect/${platform}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<p><label>Sandbox account name<br><input name="name" value="Sandbox ${escapeHtml(name)}" maxlength="60" required></label></p>
<p><button type="submit">Allow</button> <a href="/dashboard/account">Cancel</a></p></form></div>`));
    },

    sandboxAllow: (req, res) => {
      const platform = req.params.platform;
      const state = typeof req.body?.state === 'string' ? req.body.state : '';
      const name = typeof req.body?.name === 'string' ? req.body.name.trim().slice(0, 60) : '';
      if (!isPlatform(platform) || !state || !name) {
        res.status(400).type('html').send(page('Invalid request', '<h1>Invalid request</h1>'));
        return;
      }
      res.redirect(303, `/api/auth/${platform}/callback?code=${encodeURIComponent(sandboxCode(name))}&state=${encodeURIComponent(state)}`);
    },

    sandboxGallery: async (req, res) => {
      const account = typeof req.query.account === 'string' ? req.query.account : null;
      if (!account) {
        res.type('html').send(page('Published', `<h1>Sandbox: published videos</h1>
<p data-testid="sandbox-no-account">Each sandbox account has its own gallery. Open it from the account's link on <a href="/dashboard/account">Account</a>.</p>`));
        return;
      }
      const all = await posts().find({ accountId: account }, { sort: { publishedAt: -1 }, limit: 100 });
      const items = all.map((p) => `<article class="card" data-testid="sandbox-post" data-platform="${p.platform}">
<h2><a href="/sandbox/published/${escapeHtml(p._id)}">${escapeHtml(p.title)}</a></h2>
<p class="muted">${escapeHtml(PLATFORM_LABELS[p.platform])} · ${escapeHtml(p.accountName)} · ${escapeHtml(p.publishedAt)}</p>
<video src="/sandbox/published/${escapeHtml(p._id)}/video" controls preload="metadata"></video></article>`).join('\n');
      res.type('html').send(page('Published', `<h1>Sandbox: published videos</h1>${items || '<p data-testid="sandbox-empty">Nothing published yet.</p>'}`));
    },

    sandboxPost: async (req, res) => {
      const p = await posts().get(req.params.id);
      if (!p) {
        res.status(404).type('html').send(page('Not found', '<h1>Not found</h1>'));
        return;
      }
      res.type('html').send(page(p.title, `<p><a href="${escapeHtml(sandboxGalleryUrl(p.accountId))}">← All posts of ${escapeHtml(p.accountName)}</a></p>
<article class="card" data-testid="sandbox-post" data-platform="${p.platform}"><h1>${escapeHtml(p.title)}</h1>
<p class="muted">${escapeHtml(PLATFORM_LABELS[p.platform])} · ${escapeHtml(p.accountName)} · ${escapeHtml(p.publishedAt)}</p>
<video src="/sandbox/published/${escapeHtml(p._id)}/video" controls></video>
<p style="white-space:pre-wrap">${escapeHtml(p.platform === 'instagram' ? p.caption : p.description)}</p>
${p.tags.length ? `<p class="muted">Tags: ${p.tags.map(escapeHtml).join(', ')}</p>` : ''}</article>`));
    },

    sandboxPostVideo: async (req, res) => {
      const p = await posts().get(req.params.id);
      const info = p ? await deps.blobs.stat(p.videoKey) : null;
      if (!p || !info) {
        res.status(404).json({ error: 'Not found' });
        return;
      }
      res.setHeader('content-type', info.contentType);
      res.setHeader('content-length', String(info.size));
      (await deps.blobs.read(p.videoKey)).pipe(res);
    },
  };
}
