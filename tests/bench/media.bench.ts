/**
 * Uploads to the media library (issue 18): a 200 MB clip sent to the embedded product (built, its
 * own process) as multipart (POST /api/media) and over tus (POST + PATCHes of 5 MB), each checked
 * and stored like any upload. The product's resident memory is sampled every 10 ms while the
 * bytes stream: its peak growth over the idle process must stay flat (the file is streamed to disk,
 * never held), whatever the file's size.
 */
import { execFileSync } from 'node:child_process';
import { randomFillSync, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { postJson, startEmbeddedProduct } from './product';
import type { BenchRow } from './stores';

const MIB = 1024 * 1024;
/** Two sizes, so that a growth that follows the file's size would show. */
const SIZES_MB = (process.env.BENCH_UPLOAD_MB ?? '20,199').split(',').map(Number);

/** Resident memory of one process (not its children), MiB. */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Samples a process's RSS until stopped; the highest seen. */
function sampleRss(pid: number) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => { peak = Math.max(peak, rssMiB(pid)); }, 10);
  return { stop: () => { clearInterval(timer); return Math.max(peak, rssMiB(pid)); } };
}

/** A real clip (index first) followed by noise up to `bytes`: ffprobe reads it as the clip, and every byte must still arrive. */
function makeLargeClip(dir: string, bytes: number): string {
  const head = join(dir, 'head.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', head]);
  const path = join(dir, 'large.mp4');
  const out = openSync(path, 'w');
  writeSync(out, readFileSync(head));
  const chunk = Buffer.alloc(4 * MIB);
  for (let written = statSync(head).size; written < bytes; written += chunk.length) {
    randomFillSync(chunk);
    writeSync(out, chunk, 0, Math.min(chunk.length, bytes - written));
  }
  closeSync(out);
  return path;
}

/** POST /api/media with the file streamed from disk as multipart/form-data. */
async function uploadMultipart(url: string, token: string, file: string): Promise<number> {
  const boundary = `bench${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const body = new PassThrough();
    body.pipe(req);
    body.write(head);
    const stream = createReadStream(file);
    stream.pipe(body, { end: false });
    stream.on('end', () => body.end(tail));
    stream.on('error', reject);
  });
}

/** The same file over tus in 5 MB PATCHes. */
async function uploadTus(url: string, token: string, file: string): Promise<number> {
  const size = statSync(file).size;
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${url}/api/media/uploads`, { method: 'POST', headers: { ...auth, 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from('large.mp4').toString('base64')}` } });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation answered ${created.status}`);
  const CHUNK = 5 * MIB;
  let status = 0;
  for (let offset = 0; offset < size; offset += CHUNK) {
    const end = Math.min(size, offset + CHUNK);
    const chunks: Buffer[] = [];
    for await (const c of createReadStream(file, { start: offset, end: end - 1 })) chunks.push(c as Buffer);
    const answer = await fetch(`${url}${location}`, { method: 'PATCH', headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: Buffer.concat(chunks) });
    status = answer.status;
    await answer.arrayBuffer();
    if (status >= 400) throw new Error(`tus PATCH at ${offset} answered ${status}`);
  }
  return status;
}

export async function benchMediaUploads(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
  // The plan's quota and the clip limit are the product's (Free: 1 GB; 200 MB a clip); no renders here.
  const product = await startEmbeddedProduct('bench-media', { UPLOAD_TMP_DIR: dir });
  try {
    const register = async () => (await postJson(product.url, '/api/auth/register', { name: 'Bench Media', email: `bench-media-${randomUUID().slice(0, 8)}@example.com`, password: 'secret1!' })).token;
    const rows: BenchRow[] = [];
    // A first small upload of each kind warms the process up (code loaded, pools made); not measured.
    const warm = makeLargeClip(dir, 2 * MIB);
    await uploadMultipart(product.url, await register(), warm);
    await uploadTus(product.url, await register(), warm);
    for (const sizeMb of SIZES_MB) {
      const file = makeLargeClip(dir, sizeMb * MIB);
      const mb = statSync(file).size / MIB;
      for (const [path, upload] of [['multipart', uploadMultipart], ['tus', uploadTus]] as const) {
        const token = await register();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const idle = rssMiB(product.pid);
        const sampler = sampleRss(product.pid);
        const t0 = performance.now();
        const status = await upload(product.url, token, file);
        const seconds = (performance.now() - t0) / 1000;
        const peak = sampler.stop();
        if (status !== 201 && status !== 200) throw new Error(`${path} upload answered ${status}`);
        rows.push(
          { name: `${path}: ${mb.toFixed(0)} MB clip, peak RSS growth of the product`, value: Math.round((peak - idle) * 10) / 10, unit: 'MiB', target: '<= 64' },
          { name: `${path}: ${mb.toFixed(0)} MB clip, upload to stored and recorded`, value: Math.round((mb / seconds) * 10) / 10, unit: 'MB/s' },
        );
      }
    }
    return rows;
  } finally {
    await product.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
