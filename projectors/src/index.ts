// The public face of @app/projectors: its composition, its configuration, and its projections (rebuilds, tests).
export * from './config';
export * from './service';
export * from './projections';
export { rebuildProjections, type ProjectionRunner } from './runner/run-projections';
export type { Projection } from './runner/projection';
export { rebuildBesideLive, type RebuildResult } from './rebuild/rebuild';
