// The replay: every version of a game as one viewer saw it then (a seat whose token this
// browser holds, or a spectator), from state?version=N; once the game is over, everything.
// The event log sits beside it; #v=N&as=S links to any version.
import { api, allEvents } from "../core/api.js";
import { h, mount, showError, crumbs, shortId, seatName } from "../core/ui.js";
import { gameModule, gameName } from "../core/games.js";
import { renderContext, describe, byLabel, redactEvent, typeWords } from "../core/context.js";
import { seatsHere } from "../core/account.js";

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const v = Number(params.get("v"));
  const as = params.get("as");
  return { version: Number.isInteger(v) && v > 0 ? v : null, as: as === null || as === "spectator" ? null : Number(as) };
}

export async function show(main, id) {
  const summary = await api.summary(id);
  const game = await gameModule(summary.game);
  const name = await gameName(summary.game);
  const title = `${name} · ${shortId(id)}`;
  crumbs({ label: "Lobby", href: "/" }, { label: title, href: `/games/${id}` }, { label: "Replay" });
  document.title = `Foxden — replay ${title}`;
  const held = seatsHere(id, summary);
  const last = summary.version;
  let { version, as } = readHash();
  if (as !== null && !held.some((s) => s.seat === as)) as = null;
  version = Math.min(version || last, last);

  const token = () => held.find((s) => s.seat === as)?.token || null;
  const cache = new Map();
  let events = [];

  const viewer = h("select", { id: "viewer", "aria-label": "see the game as" },
    h("option", { value: "spectator" }, "a spectator"),
    held.map((s) => h("option", { value: s.seat, selected: s.seat === as }, seatName(summary, s.seat))));
  const slider = h("input", { id: "scrub", type: "range", min: 1, max: last, value: version, "aria-label": "version" });
  const label = h("output", { id: "at-version" });
  const board = h("div.board", { id: "board" });
  const log = h("ol.log.replay-log", { id: "log", "aria-label": "event log" });
  const note = h("p.muted", { id: "replay-note" });
  let playing = null;
  const button = (text, title, onclick, attrs = {}) => h("button", { type: "button", title, "aria-label": title, onclick, ...attrs }, text);
  const play = button("Play", "play through the versions", () => togglePlay(), { id: "play" });

  mount(main,
    h("div.table-head", h("h1", `Replay · ${name}`, h("span.game-id", shortId(id))),
      h("nav.page-links", h("a", { href: `/games/${id}` }, "Table"), h("a", { href: `/games/${id}/audit` }, "Audit"))),
    h("div.replay-controls", { role: "toolbar", "aria-label": "replay controls" },
      h("label", "See it as ", viewer),
      button("|◀", "first version", () => go(1), { id: "first" }),
      button("◀", "previous version", () => go(version - 1), { id: "prev" }),
      button("▶", "next version", () => go(version + 1), { id: "next" }),
      button("▶|", "last version", () => go(last), { id: "last" }),
      play,
      slider, label,
      h("a.permalink", { id: "permalink", href: "#" }, "link to this version")),
    note,
    h("div.table-layout", h("div.table-main", board), h("aside.side", h("h2", "Events"), log)));

  function togglePlay() {
    if (playing) {
      clearInterval(playing);
      playing = null;
      play.textContent = "Play";
      return;
    }
    if (version >= last) go(1);
    play.textContent = "Pause";
    playing = setInterval(() => (version >= last ? togglePlay() : go(version + 1)), 600);
  }

  async function stateAt(v) {
    const key = `${as}:${v}`;
    if (!cache.has(key)) cache.set(key, api.state(id, token(), v));
    return cache.get(key);
  }

  let drawn = 0;
  async function go(v) {
    version = Math.max(1, Math.min(last, v));
    slider.value = version;
    const hash = `#v=${version}&as=${as === null ? "spectator" : as}`;
    history.replaceState(null, "", hash);
    document.getElementById("permalink").href = hash;
    label.textContent = `version ${version} of ${last}`;
    const ticket = ++drawn;
    try {
      const view = await stateAt(version);
      if (ticket !== drawn) return;
      const ctx = renderContext(summary, view);
      const finished = view.status === "finished";
      note.textContent = finished ? "The game is over: everything is shown." : as === null
        ? "Before the end, a spectator sees only what was public at that version."
        : `Before the end, exactly what ${seatName(summary, as)} could see at that version.`;
      mount(board, view.board ? game.render(view.board, ctx) : h("p.muted.empty-board", "Waiting for players at this version."));
      board.dataset.version = String(view.version);
      board.dataset.viewer = as === null ? "spectator" : String(as);
      // The log as the viewer knew it then: later events by type only (which is public), and
      // before the end each event without what it hid from this viewer.
      const known = renderContext(summary, null);
      for (const item of log.children) {
        const v = Number(item.dataset.version);
        const event = events[v - 1];
        const here = v === version;
        item.classList.toggle("current", here);
        item.classList.toggle("future", v > version);
        item.querySelector(".what").textContent = v > version ? typeWords(event.type)
          : describe(finished ? event : redactEvent(event, game, as), game, known);
        if (here) item.scrollIntoView({ block: "nearest" });
      }
    } catch (error) {
      showError(error);
    }
  }

  async function loadLog() {
    events = await allEvents(id, token());
    mount(log, events.map((e) => h("li", { dataset: { version: String(e.version), type: e.type, byKind: e.by?.kind ?? "", bySeat: e.by?.seat ?? "" }, tabindex: 0,
      onclick: () => go(e.version), onkeydown: (k) => { if (k.key === "Enter") go(e.version); } },
      h("span.v", String(e.version)), h("span.what", typeWords(e.type)), h("span.by.muted", byLabel(e)))));
  }

  viewer.addEventListener("change", async () => {
    as = viewer.value === "spectator" ? null : Number(viewer.value);
    await loadLog();
    await go(version);
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowLeft") go(version - 1);
    else if (e.key === "ArrowRight") go(version + 1);
    else if (e.key === "Home") go(1);
    else if (e.key === "End") go(last);
  });
  window.addEventListener("hashchange", () => {
    const wanted = readHash();
    if (wanted.version && wanted.version !== version) go(wanted.version);
  });
  await loadLog();
  await go(version);
}
