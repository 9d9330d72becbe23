// Worker entry: only exposes the engine (all logic lives in engine/, testable without a Worker).
import type { Endpoint } from 'comlink';
import { exposeEngine } from './expose.ts';

// The project compiles against the DOM lib, where `self` is typed as a Window; in a worker it is the
// worker scope, which is a comlink Endpoint.
exposeEngine(self as unknown as Endpoint);
