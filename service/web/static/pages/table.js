// The table: the game drawn by its module, whose turn it is (and the turn clock when the
// game carries one), the seat's legal moves as buttons, and the event log, live over SSE.
import { api, allEvents } from "../core/api.js";
import { follow } from "../core/sse.js";
import { h, mount, showError, clearError, crumbs, shortId, seatName, copyField } from "../core/ui.js";
import { gameModule, gameName } from "../core/games.js";
import { renderContext, describe, byLabel } from "../core/context.js";
import { chooseSeat, forgetSeat, holdSeat } from "../core/tokens.js";
import { account, activeSeatHere, seatsHere, ownerToken, forgetOwnerToken } from "../core/account.js";

export async function show(main, id) {
  let summary = await api.summary(id);
  const game = await gameModule(summary.game);
  const name = await gameName(summary.game);
  const title = `${name} · ${shortId(id)}`;
  crumbs({ label: "Lobby", href: "/" }, { label: title });
  document.title = `Foxden — ${title}`;

  const status = h("div.status-bar", { id: "status", "aria-live": "polite" });
  const board = h("div.board", { id: "board" });
  const moves = h("section.moves", { id: "moves", "aria-label": "your moves" });
  const log = h("ol.log", { id: "log", "aria-label": "event log" });
  const seatsBox = h("div", { id: "join" });
  mount(main,
    h("div.table-head",
      h("h1", name, h("span.game-id", shortId(id))),
      h("nav.page-links", h("a", { href: `/games/${id}/replay` }, "Replay"), h("a", { href: `/games/${id}/audit` }, "Audit"))),
    status, seatsBox,
    h("div.table-layout", h("div.table-main", board, moves), h("aside.side", h("h2", "Events"), log)));

  let seat = activeSeatHere(id, summary);
  let ownerAccount = null; // GameCreated's owner_account: the account that may cancel the table
  let view = null;
  let legal = null;
  let sending = false;
  let logged = 0;
  const events = [];
  let clock = null;
  let liveState = "";

  const token = () => seat?.token || null;
  const ctx = () => renderContext(summary, view);

  function drawStatus() {
    const c = ctx();
    const held = seatsHere(id, summary);
    const who = summary.status === "waiting" ? "Waiting for players"
      : summary.status === "cancelled" ? "The table was cancelled by its owner"
      : summary.status === "expired" ? "The table expired: nobody filled it in time"
      : summary.status === "finished" ? `Game over — ${c.winners.length ? "won by " + c.winners.map(c.name).join(" and ") : "no winner"}`
      : c.toAct.includes(seat?.seat) ? (c.toAct.length > 1 ? "Your move (everyone chooses at once)" : "Your move")
      : `Waiting for ${c.toAct.map(c.name).join(", ")}`;
    const clocks = summary.status === "active" ? turnClocks() : [];
    mount(status,
      h("span.who", { id: "turn", class: summary.status === "finished" ? "over" : c.toAct.includes(seat?.seat) ? "mine" : "" }, who),
      clocks.map((c) => h("span.clock", { title: "time left for this turn", dataset: { seat: String(c.seat), until: String(c.until), who: c.seat === seat?.seat ? "" : c.seat === undefined ? "" : seatName(summary, c.seat) } }, "")),
      h("span.viewer", seat ? `You are ${seatName(summary, seat.seat)}` : "Watching as a spectator"),
      held.length > 1 ? h("select", { id: "seat-switch", "aria-label": "play as", onchange: (e) => { seat = held.find((s) => s.seat === Number(e.target.value)); chooseSeat(id, seat.seat); refresh(); } },
        held.map((s) => h("option", { value: s.seat, selected: s.seat === seat?.seat }, `Play as ${seatName(summary, s.seat)}`))) : null,
      h("span.version.muted", `version ${summary.version}`),
      h("span.live.muted", { id: "live" }, liveState));
    tickClock();
  }

  // The turn clocks the game carries (`clocks`: {seat, deadline, ms_left} per seat on a timer),
  // counted down from ms_left as fetched, so that the browser's own clock does not matter.
  let fetchedAt = Date.now();
  function turnClocks() {
    const clocks = view?.clocks ?? summary.clocks ?? [];
    return clocks.filter((c) => typeof c.ms_left === "number").map((c) => ({ seat: c.seat, until: fetchedAt + c.ms_left }));
  }

  function tickClock() {
    for (const el of document.querySelectorAll("#status .clock")) {
      const left = Math.max(0, Number(el.dataset.until) - Date.now());
      const text = `${Math.floor(left / 60000)}:${String(Math.floor(left / 1000) % 60).padStart(2, "0")} left`;
      el.textContent = el.dataset.who ? `${el.dataset.who}: ${text}` : text;
      el.classList.toggle("urgent", left < 10000);
    }
  }
  clock = setInterval(tickClock, 500);

  // The owner's credential: the account key of the account that created the table, or the owner
  // token this browser kept when it created the table anonymously.
  function ownerCredential() {
    const me = account();
    if (me && ownerAccount && ownerAccount === me.id) return me.key;
    return ownerToken(id);
  }

  function drawJoin() {
    const open = summary.seats.filter((s) => !s.taken);
    if (summary.status !== "waiting") return seatsBox.replaceChildren();
    const owner = ownerCredential();
    const invite = `${location.origin}/games/${id}`;
    mount(seatsBox, h("section.panel.join",
      open.length ? [h("h2", "Open seats"),
        h("div.seat-buttons", summary.seats.map((s) => s.taken ? h("span.chip", seatName(summary, s.seat))
          : h("button", { type: "button", onclick: () => takeSeat(s.seat) }, `Take seat ${s.seat}`))),
        h("p.invite", { id: "invite" }, "Invite someone: send them this link. ", copyField("invite-link", invite, "invite link"))] : null,
      owner ? h("p.owner", "You created this table. ",
        h("button.cancel", { type: "button", id: "cancel-table", onclick: () => cancelTable(owner) }, "Cancel the table")) : null));
  }

  async function cancelTable(credential) {
    if (!confirm("Cancel this table? Nobody can join it any more.")) return;
    clearError();
    try {
      summary = await api.cancel(id, credential);
      forgetOwnerToken(id);
      drawAll();
    } catch (error) {
      showError(error);
    }
  }

  async function takeSeat(n) {
    clearError();
    try {
      const me = account();
      const name = localStorage.getItem("foxden:name") || "Player";
      // An account joins under its handle and keeps no token: its key acts for the seat.
      const joined = await api.join(id, me ? { seat: n } : { name, seat: n }, me?.key);
      if (joined.token) holdSeat(id, joined.seat, joined.token, name);
      chooseSeat(id, joined.seat);
      summary = joined.game;
      seat = activeSeatHere(id, summary);
      await refresh();
    } catch (error) {
      showError(error);
    }
  }

  function drawBoard() {
    mount(board, view?.board ? game.render(view.board, ctx()) : h("p.muted.empty-board", summary.status === "waiting" ? "The game starts when every seat is taken." : "…"));
    board.dataset.version = String(view?.version ?? summary.version);
    if (summary.status === "finished" && summary.result) {
      board.append(h("div.result", { id: "result", role: "status" },
        h("strong", "Result: "), `won by ${(summary.result.winners || []).map(ctx().name).join(" and ") || "nobody"}`,
        summary.result.scores ? ` · scores ${summary.result.scores.join(" / ")}` : ""));
    }
  }

  // Moves can be clicked on the board too: a game module names the element a move concerns;
  // clicking it sends its only move, or narrows the list below to its moves.
  let narrowed = null;
  function markTargets(gameMoves) {
    if (!game.target) return;
    const bySelector = new Map();
    for (const move of gameMoves) {
      const selector = game.target(move, view?.board, ctx());
      if (!selector) continue;
      if (!bySelector.has(selector)) bySelector.set(selector, []);
      bySelector.get(selector).push(move);
    }
    for (const [selector, targeted] of bySelector) {
      const el = board.querySelector(selector);
      if (!el) continue;
      el.classList.add("target");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.title = targeted.length === 1 ? game.moveLabel(targeted[0], view?.board, ctx()).filter(Boolean).join(": ") : `${targeted.length} moves here`;
      const act = () => {
        if (targeted.length === 1) return send(targeted[0]);
        narrowed = { selector, label: el.title };
        drawMoves();
        moves.querySelector("button.move")?.focus();
      };
      el.addEventListener("click", act);
      el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
    }
  }

  function drawMoves() {
    if (!seat || summary.status !== "active" || !legal) return moves.replaceChildren();
    const allMoves = legal.moves.filter((m) => m.type !== "leave");
    if (narrowed && !allMoves.some((m) => game.target?.(m, view?.board, ctx()) === narrowed.selector)) narrowed = null;
    const game_moves = narrowed ? allMoves.filter((m) => game.target?.(m, view?.board, ctx()) === narrowed.selector) : allMoves;
    const groups = new Map();
    for (const move of game_moves) {
      const [group, detail] = game.moveLabel(move, view?.board, ctx());
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push({ move, detail });
    }
    const leave = legal.moves.find((m) => m.type === "leave");
    mount(moves,
      h("h2", game_moves.length ? "Your moves" : "Nothing to do now",
        narrowed ? h("span.narrowed", " here — ", h("button.show-all", { type: "button", onclick: () => { narrowed = null; drawMoves(); } }, "show all moves")) : null),
      h("div.move-groups", [...groups.entries()].map(([group, items]) =>
        items.length === 1
          ? h("button.move", { type: "button", dataset: { move: JSON.stringify(items[0].move) }, onclick: () => send(items[0].move) }, items[0].detail ? `${group}: ${items[0].detail}` : group)
          : h("div.move-group", { role: "group", "aria-label": group },
            h("span.group-label", group),
            items.map(({ move, detail }) => h("button.move", { type: "button", dataset: { move: JSON.stringify(move) }, onclick: () => send(move) }, detail || group))))),
      leave ? h("button.leave", { type: "button", onclick: () => { if (confirm("Leave the game? A bot plays your seat from now on.")) send(leave); } }, "Leave (a bot takes over)") : null);
  }

  async function send(move) {
    if (sending) return;
    sending = true;
    clearError();
    for (const button of moves.querySelectorAll("button")) button.disabled = true;
    try {
      const key = `web-${legal.version}-${crypto.randomUUID()}`;
      const answer = await api.command(id, token(), move, legal.version, key);
      window.dispatchEvent(new CustomEvent("foxden:moved", { detail: { game: id } }));
      view = answer.state;
      summary = { ...summary, version: answer.version, status: answer.state.status, to_act: answer.state.to_act, result: answer.state.result ?? summary.result };
      legal = null;
      drawAll();
    } catch (error) {
      showError(error.code === "precondition_failed"
        ? { title: "The table moved on before your move arrived", detail: "nothing was played; here is the table now — choose again" }
        : error);
    } finally {
      sending = false;
    }
    await refresh();
  }

  function appendLog() {
    const c = ctx();
    for (; logged < events.length; logged++) {
      const e = events[logged];
      log.prepend(h("li", { dataset: { version: String(e.version), type: e.type, byKind: e.by?.kind ?? "", bySeat: e.by?.seat ?? "" } },
        h("span.v", String(e.version)), h("span.what", describe(e, game, c)), h("span.by.muted", byLabel(e))));
    }
  }

  function drawAll() {
    drawStatus();
    drawJoin();
    drawBoard();
    drawMoves();
    if (seat && summary.status === "active" && legal) markTargets(legal.moves.filter((m) => m.type !== "leave"));
    if (seat?.account) {
      // The account's "my turn" (core/myturn.js) learns this table's turn as soon as it is drawn.
      const mine = summary.status === "active" && ctx().toAct.includes(seat.seat) && summary.seats[seat.seat]?.played_by !== "bot";
      window.dispatchEvent(new CustomEvent("foxden:table-turn", { detail: { game: id, mine } }));
    }
  }

  let pending = null;
  let again = false;
  async function refresh() {
    if (pending) {
      again = true;
      return pending;
    }
    pending = (async () => {
      do {
        again = false;
        try {
          summary = await api.summary(id);
          fetchedAt = Date.now();
          // A table that never started (waiting, cancelled, expired) has no board to view.
          view = ["active", "finished"].includes(summary.status) ? await api.state(id, token()) : null;
          legal = seat && summary.status === "active" ? await api.legalMoves(id, token()) : null;
          drawAll();
        } catch (error) {
          if (seat && (error.status === 401 || error.status === 403)) {
            // A token this game no longer knows (another service, a wiped store), or a key
            // revoked meanwhile: watch instead.
            if (!seat.account) forgetSeat(id, seat.seat);
            seat = seat.account ? null : activeSeatHere(id, summary);
            again = true;
          }
          showError(error);
        }
      } while (again);
      pending = null;
    })();
    return pending;
  }

  await refresh();
  for (const e of await allEvents(id, token())) events.push(e);
  ownerAccount = events[0]?.type === "GameCreated" ? events[0].data?.owner_account ?? null : null;
  if (ownerAccount) drawJoin();
  appendLog();
  if (["waiting", "active"].includes(summary.status)) {
    let timer = null;
    follow(api.streamUrl(id), {
      token: token(),
      after: events.at(-1)?.version || 0,
      onEvent(envelope) {
        if (envelope.version <= (events.at(-1)?.version || 0)) return;
        events.push(envelope);
        appendLog();
        clearTimeout(timer);
        timer = setTimeout(refresh, 30);
      },
      onState(state) {
        liveState = state === "live" ? "● live" : state === "ended" ? "" : "reconnecting…";
        const el = document.getElementById("live");
        if (el) el.textContent = liveState;
        if (state === "ended") { clearInterval(clock); refresh(); }
      },
    });
  }
}
