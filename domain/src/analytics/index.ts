export * from './redact';
export * from './aggregates';
export * from './queries';
export * from './answers';
export * from './rebuild';
