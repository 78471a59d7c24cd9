/**
 * Two command-api instances behind one gateway (issue 25), every service its own process on the
 * embedded stores: the gateway takes them in turn, and when one is killed (SIGKILL) in the middle
 * of a creator's work, every command still gets its answer from the other and nothing is lost.
 */
import { startDistributed, type DistributedProduct } from '../support/distributed';
import { eventually } from '../support/eventually';

jest.setTimeout(5 * 60_000);

let product: DistributedProduct;

beforeAll(async () => {
  product = await startDistributed({}, { commandInstances: 2 });
});

afterAll(async () => {
  await product?.stop();
});

const call = async (path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
  const answer = await fetch(`${product.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};

/** Series commands each instance has decided, from its own /metrics. */
async function seriesCommandsOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text.split('\n')
    .filter((line) => line.startsWith('studio_commands_total{') && line.includes('Series') && line.includes('outcome="accepted"'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe('When the gateway sends commands to two command-api instances', () => {
  it('should share the commands between them, and keep answering every one when one is killed', async () => {
    const registered = await call('/api/auth/register', { method: 'POST', body: { name: 'Two Instances', email: `two-${Date.now()}@example.com`, password: 'secret1!x' } });
    expect(registered.status).toBe(201);
    const token = String(registered.body.token);
    const created = await call('/api/series', { method: 'POST', token, body: { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English', name: 'Owl facts', platforms: [], schedule: { timeZone: 'Europe/Paris' } } });
    expect(created.status).toBe(201);
    const seriesId = String(created.body.seriesId);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(`/api/series/${seriesId}`, { method: 'PATCH', token, body: { name: `Owl facts ${i}` } })).status);
    const [first, second] = product.ops.filter((o) => o.name.startsWith('command-api'));
    expect(await seriesCommandsOf(first.url)).toBeGreaterThan(0);
    expect(await seriesCommandsOf(second.url)).toBeGreaterThan(0);

    await product.processes.command.kill('SIGKILL');
    for (let i = 10; i < 30; i++) statuses.push((await call(`/api/series/${seriesId}`, { method: 'PATCH', token, body: { name: `Owl facts ${i}` } })).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // The last rename is the one the creator sees.
    const shown = await eventually(async () => (await call(`/api/series/${seriesId}`, { token })).body, (body) => body.name === 'Owl facts 29');
    expect(shown.name).toBe('Owl facts 29');
  });
});
