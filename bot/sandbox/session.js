/**
 * Ridotto's sandbox: the preview page's session (SimCord's own, imported whole), told by the
 * sandbox when to read. The sandbox pushes `read` on a stream of server-sent events
 * (GET /api/live/<context>, bot/sandbox/front.py) each time it publishes this page. While
 * the stream is up the page reads at each push and does not poll; when it drops (or is
 * refused), the preview's own half-second poll takes over until the stream is back.
 *
 * The stream is read with fetch rather than EventSource so that it is asked for as the
 * preview's API is, the page's secret in a header (never in an address).
 */
import { createSession as previewSession } from "/simcord/session.js";

/** the preview's own period, kept while the stream is down */
const POLL_MS = 500;
/** how long after a drop the stream is asked for again */
const RETRY_MS = 1000;
/** the longest a browser timer waits: while the stream is up, the poll's next turn never comes */
const NEVER = 2 ** 31 - 1;

/** What the page's stream does, for whoever looks (the browser tests, bench/sandbox.py). */
const live = { streaming: false, pushes: 0, pushedReads: 0, otherReads: 0 };
Object.defineProperty(window, "ridottoLive", { enumerable: true, get: () => Object.freeze({ ...live }) });

/**
 * The preview's session with the same options, and the same methods.
 * @param {Parameters<typeof previewSession>[0]} options
 * @returns {ReturnType<typeof previewSession>}
 */
export function createSession(options) {
  const capability = window.location.hash.startsWith("#") ? window.location.hash.slice(1) : "";
  /** @type {string | null} the page's context, known from its first read */
  let context = null;
  /** @type {AbortController | null} */
  let stream = null;
  let started = 0;   // reads begun, whoever began them
  let pushing = false;
  let reading = false;
  let again = false;
  let running = false;
  let stopped = false;
  // The preview's session reads its period each time it schedules its next read, as a
  // number: this one says "never" while the stream is up.
  const interval = { valueOf: () => (live.streaming ? NEVER : POLL_MS) };
  const session = previewSession({
    ...options,
    interval: /** @type {number} */ (/** @type {unknown} */ (interval)),
    read: async (signal) => {
      started += 1;
      if (pushing) live.pushedReads += 1; else live.otherReads += 1;
      const value = await options.read(signal);
      const id = /** @type {{context?: {id?: unknown}}} */ (value)?.context?.id;
      if (typeof id === "string" && id !== context) {
        context = id;
        if (running) void connect();
      }
      return value;
    },
  });

  /** Read the page now; a push during that read makes another once it is done. */
  async function readNow() {
    if (!running) return;
    if (reading) { again = true; return; }
    reading = true;
    try {
      do {
        again = false;
        const before = started;
        pushing = true;
        const joined = session.readState();
        pushing = false;
        let accepted = await joined;
        // It joined a read begun before the push, which may not show what was pushed.
        if (started === before && running) {
          pushing = true;
          const fresh = session.readState();
          pushing = false;
          accepted = await fresh;
        }
        if (accepted && running) options.tick();
      } while (again && running);
    } finally {
      reading = false;
    }
  }

  /** Poll again at once, at the preview's period (after the stream dropped). */
  function poll() {
    if (!running) return;
    session.pause();
    session.resume();
  }

  async function connect() {
    stream?.abort();
    const owner = new AbortController();
    stream = owner;
    const mine = /** @type {string} */ (context);
    try {
      const response = await fetch(`/api/live/${encodeURIComponent(mine)}`, {
        headers: { "X-Simcord-Capability": capability, "X-Simcord-Context": mine },
        cache: "no-store", signal: owner.signal,
      });
      if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
      live.streaming = true;
      const events = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      for (;;) {
        const { value, done } = await events.read();
        if (done) break;
        buffered += value;
        for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (event.split("\n").includes("data: read")) { live.pushes += 1; void readNow(); }
        }
      }
    } catch (_) {
      // Dropped, refused or stopped: the poll takes over.
    }
    if (stream !== owner) return;  // replaced by another stream, or the page paused
    stream = null;
    live.streaming = false;
    poll();
    setTimeout(() => {
      if (stream === null && running && context === mine) void connect();
    }, RETRY_MS);
  }

  function disconnect() {
    const owner = stream;
    stream = null;
    live.streaming = false;
    owner?.abort();
  }

  return {
    ...session,
    resume: () => {
      if (stopped) return;
      running = true;
      session.resume();
      if (context !== null && stream === null) void connect();
    },
    pause: () => { running = false; disconnect(); session.pause(); },
    stop: () => { stopped = true; running = false; disconnect(); session.stop(); },
  };
}
