/**
 * The bounded contexts of server/domain, top row first. A context may import only the contexts on
 * the rows below its own (.dependency-cruiser.cjs enforces it; ARCHITECTURE.md draws it).
 */
module.exports.CONTEXT_ROWS = [["workspace", "insight"], ["gameplay"], ["money"], ["trust", "platform"], ["identity"]];
