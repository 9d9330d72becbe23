/**
 * The WebGL context every deck.gl canvas of ours asks for. luma.gl asks for a preserved drawing buffer by
 * default, which makes the browser copy deck's canvas for the compositor after every frame instead of
 * handing it over; nothing here reads deck's pixels back outside a frame (picking renders to its own
 * framebuffer), so the copy buys nothing. On a software renderer (SwiftShader, no GPU) a 1M explorer pan went
 * 8.9 → 9.5 fps without it (A/B, 6 runs each). Multisampling stays on: without it the price hexagons' and the
 * drawn areas' edges show stairs.
 */
export const DECK_DEVICE_PROPS = { webgl: { preserveDrawingBuffer: false } } as const;
