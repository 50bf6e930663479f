// Types of the sample shop (server.mjs), for the tests that run it.
export function createShop(): import("node:http").Server;
