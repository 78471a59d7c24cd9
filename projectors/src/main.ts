/** Composition root of the projectors service (distributed mode): `npm run start -w projectors`. */
import { openInfra, readInfraConfig } from '@app/platform';
import { startProjectorService } from './start';

async function main() {
  const infra = await openInfra(readInfraConfig(), 'projectors');
  const service = startProjectorService(infra, { ttlMs: Number(process.env.PROJECTOR_LEASE_MS ?? 10_000) });
  const stop = async () => {
    await service.stop();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  infra.logger.info({ eventStore: infra.eventStore.kind, readModels: infra.docs.kind, bus: infra.bus.kind }, 'Projectors started');
}

main().catch((error) => {
  process.stderr.write(`projectors failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
