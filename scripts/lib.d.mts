// Types for what TypeScript code (bench/) imports from lib.mjs.
export declare const SERVER_NODE_FLAGS: string[];
