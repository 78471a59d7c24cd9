// The public face of @app/render-workers: its composition and configuration, and the pieces the
// tests and benchmarks drive directly (the pipeline, the worker, the offline providers).
export * from './config';
export * from './service';
export * from './render-workers';
export * from './providers';
export * from './pipeline/render-pipeline';
export * from './worker/render-worker';
export { publishPreviews } from './publish-previews';
