// "Is it my turn anywhere?", on every page while signed in: the account's stream
// (GET /v1/me/stream, read with fetch and the key, as core/sse.js reads a game's) says when a
// game of the account needs its move. The tab title then starts with "(Your turn)" and, if the
// user opted in, a browser notification says which game. Should the stream be refused (a 429:
// too many connects of the account; a service without it), GET /v1/me/games is polled every
// 15 s instead, only while the page is visible.
import { api } from "./api.js";
import { account } from "./account.js";
import { follow } from "./sse.js";
import { shortId } from "./ui.js";

const NOTIFY = "foxden:notify";
const PREFIX = "(Your turn) ";
const POLL_MS = 15000;

let mine = new Set(); // the games where the account must act now
let key = null;
let stream = null;
let poller = null;
let rechecking = null;
let mode = "";

export const myTurnGames = () => [...mine];
export const watchMode = () => mode;

export function notifyWanted() {
  return localStorage.getItem(NOTIFY) === "1" && "Notification" in window && Notification.permission === "granted";
}

// Asks the browser's permission first; true when notifications will be shown.
export async function setNotify(on) {
  if (!on || !("Notification" in window)) {
    localStorage.removeItem(NOTIFY);
    return false;
  }
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") {
    localStorage.removeItem(NOTIFY);
    return false;
  }
  localStorage.setItem(NOTIFY, "1");
  return true;
}

function applyTitle() {
  const base = document.title.startsWith(PREFIX) ? document.title.slice(PREFIX.length) : document.title;
  const wanted = mine.size ? PREFIX + base : base;
  if (document.title !== wanted) document.title = wanted;
  document.documentElement.dataset.myTurn = String(mine.size);
}

function update(games, { announce = false } = {}) {
  const before = mine;
  mine = new Set(games);
  applyTitle();
  if (announce) for (const game of mine) if (!before.has(game)) notify(game);
  window.dispatchEvent(new CustomEvent("foxden:my-turn", { detail: [...mine] }));
}

function notify(game) {
  if (!notifyWanted()) return;
  if (!document.hidden && location.pathname === `/games/${game}`) return; // already looking at it
  const note = new Notification("Foxden: your turn", { body: `Game ${shortId(game)} waits for your move.`, tag: `foxden-${game}` });
  note.onclick = () => {
    window.focus();
    location.assign(`/games/${game}`);
  };
}

// The whole picture again, from GET /v1/me/games (the active games, where it is my turn first).
async function recheck({ announce = false } = {}) {
  if (!key) return;
  if (rechecking) return rechecking;
  rechecking = api.myGames(key, { status: "active", limit: 200 })
    .then((page) => update(page.games.filter((g) => g.my_turn).map((g) => g.id), { announce }))
    .catch(() => {})
    .finally(() => { rechecking = null; });
  return rechecking;
}

let soon = null;
const recheckSoon = () => {
  clearTimeout(soon);
  soon = setTimeout(() => recheck(), 200);
};

function onFrame(frame) {
  if (frame.type === "games") {
    update((frame.active || []).filter((g) => g.my_turn).map((g) => g.game));
  } else if (frame.type === "your_turn") {
    update([...mine, frame.game], { announce: true });
  } else if (frame.type === "reset") {
    recheck();
  } else if (["game_finished", "seat_taken_over", "table_closed"].includes(frame.type)) {
    mine.delete(frame.game);
    update([...mine]);
  }
  window.dispatchEvent(new CustomEvent("foxden:account-frame", { detail: frame }));
}

function startPolling() {
  mode = "poll";
  document.documentElement.dataset.myTurnWatch = mode;
  recheck();
  poller = setInterval(() => { if (document.visibilityState === "visible") recheck({ announce: true }); }, POLL_MS);
}

function stop() {
  stream?.close();
  stream = null;
  clearInterval(poller);
  poller = null;
  mode = "";
  mine = new Set();
  applyTitle();
}

export function watch() {
  stop();
  key = account()?.key || null;
  if (!key) return;
  mode = "stream";
  document.documentElement.dataset.myTurnWatch = mode;
  stream = follow(api.myStreamUrl, {
    token: key,
    onEvent: onFrame,
    onRefused(status) {
      if (status === 401 || status === 403) return true; // a revoked key: nothing to watch
      if (status === 429 || status === 404 || status === 405) {
        startPolling();
        return true;
      }
      return false;
    },
  });
}

// Pages tell what they learn: a move sent from this page, a table that shows whose turn it is.
window.addEventListener("foxden:moved", recheckSoon);
window.addEventListener("foxden:table-turn", (e) => {
  const { game, mine: acting } = e.detail;
  if (acting === mine.has(game)) return;
  const games = new Set(mine);
  if (acting) games.add(game);
  else games.delete(game);
  update([...games]);
});
window.addEventListener("foxden:account", watch);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && key) recheck({ announce: mode === "poll" }); });
new MutationObserver(() => { if (mine.size && !document.title.startsWith(PREFIX)) applyTitle(); })
  .observe(document.querySelector("title"), { childList: true, characterData: true, subtree: true });
