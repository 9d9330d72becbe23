// comlink ships its Node adapter's types beside the .mjs file, under a name TypeScript does not look for.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  export interface NodeEndpoint {
    postMessage(message: unknown, transfer?: readonly unknown[]): void;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Node's ports and workers type it so
    on(type: string, listener: (arg: any) => void): unknown;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    off(type: string, listener: (arg: any) => void): unknown;
    start?: () => void;
  }
  export default function nodeEndpoint(endpoint: NodeEndpoint): Endpoint;
}
