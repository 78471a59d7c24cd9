// The public face of @app/gateway: the embedded product (tests start it) and the routing proxy.
export * from './config';
export * from './embedded';
export { createGatewayApp, upstreamFor } from './proxy';
