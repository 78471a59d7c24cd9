import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server of an Express app, whose requests and answers are made with the app's own
 * prototypes (`app.request`, `app.response`) from the start.
 *
 * Express otherwise changes the prototype of every request and answer it handles
 * (`Object.setPrototypeOf`, there for mounted sub-apps), and V8 then de-optimises what those objects
 * pass through: Node's HTTP and stream code, Express and every handler. A stock Express app
 * answering a small JSON PATCH spent 250–300 µs of CPU a request on this machine, 80–110 µs made
 * this way (expressjs/express#5998). Express still sets the prototype, to the one the object already
 * has, which V8 skips. A sub-app would still swap it, for the requests it handles; the product mounts
 * none.
 *
 * Node's `IncomingMessage` and `ServerResponse` are constructors called with `this`; should a later
 * Node make them classes, which cannot be called so, the server is the stock one.
 */
export function createAppServer(app: Express): Server {
  if ([IncomingMessage, ServerResponse].some(isClass)) return createServer(app);
  // Each as Node constructs its own: the server passes options (buffer sizes) its types do not name.
  function AppRequest(this: IncomingMessage, socket: unknown): void {
    inPlace(IncomingMessage).call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: unknown, options: unknown): void {
    inPlace(ServerResponse).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return createServer({ IncomingMessage: AppRequest as unknown as typeof IncomingMessage, ServerResponse: AppResponse as unknown as typeof ServerResponse }, app);
}

/** A constructor of Node's, called on an object already made. */
const inPlace = (constructor: unknown) => constructor as (this: object, ...args: unknown[]) => void;

const isClass = (constructor: unknown): boolean => /^class\b/.test(Function.prototype.toString.call(constructor));
