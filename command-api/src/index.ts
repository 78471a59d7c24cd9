// The public face of @app/command-api: its composition, its configuration, and the autopilot's.
export * from './config';
export * from './service';
export * from './autopilot/service';
export { Autopilot, type SlotOutcome } from './autopilot/autopilot';
export { generateVideo } from './video/generate-video';
export { runAnalystCli } from './analytics/analyst-cli';
