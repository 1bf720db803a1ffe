// SLY: the hen houses (four spaces each, worth 1 to 4), the cards on them face down in their
// owner's colour, each seat's hand, the hens it gobbled and the foxes it captured.
import { h } from "../core/ui.js";
import { face, back, seatPanel, scoreTable } from "../core/cards.js";

const CARD = { hen1: "Hen 1", hen2: "Hen 2", hen3: "Hen 3", hen4: "Hen 4", hen5: "Hen 5", hen6: "Hen 6", fox: "Fox" };
const PHASE = { waiting: "Setting up", action: "Lay, expose or reveal", reveal: "A REVEAL is in progress", over: "Game over" };
const label = (card) => CARD[card] || card;
const slyCard = (card, cls = "", sub = "") =>
  face(card, label(card), { cls: `sly ${card === "fox" ? "fox" : "hen"} ${cls}`, corner: card === "fox" ? "F" : card.slice(3), sub });

function space(entry, board, ctx) {
  const owner = entry.owner;
  let content;
  if (entry.status === "empty") content = h("div.slot-empty", "empty");
  else if (entry.card) content = slyCard(entry.card, `owner-${owner}${entry.status === "face_down" ? " known" : ""}`, entry.status === "face_down" ? "face down" : entry.status);
  else content = back(`${ctx.name(owner)}'s face-down card`, { cls: `owner-${owner}` });
  const inReveal = board.reveal?.includes(entry.space);
  return h("div.space", { class: [inReveal && "in-reveal", entry.status].filter(Boolean).join(" "), dataset: { space: entry.space, status: entry.status }, title: `space ${entry.space}, worth ${entry.value}` },
    h("span.value", { "aria-label": `worth ${entry.value}` }, String(entry.value)),
    content,
    owner !== undefined && entry.status !== "empty" ? h("span.owner", ctx.name(owner)) : null);
}

export function render(board, ctx) {
  if (!board) return h("p.muted", "Setting up the table.");
  const houses = new Map();
  for (const entry of board.spaces) {
    const house = entry.space.split("-")[0];
    if (!houses.has(house)) houses.set(house, []);
    houses.get(house).push(entry);
  }
  const seats = [];
  for (let seat = 0; seat < board.players; seat++) {
    const hand = board.hands?.[seat];
    seats.push(seatPanel(ctx, seat, { cls: `owner-${seat}`, badges: [h("span.badge.score", `${board.scores?.[seat] ?? 0} pts`)] },
      h("div.row.hand", { dataset: { private: String(seat) }, "aria-label": "hand" },
        hand ? hand.map((card) => slyCard(card, `owner-${seat}`)) : Array.from({ length: board.hand_sizes[seat] }, () => back("a card in hand", { cls: `owner-${seat}` }))),
      (board.gobbled?.[seat]?.length || board.captured_foxes?.[seat]?.length) ? h("div.row.taken",
        h("span.muted", "Gobbled: "), board.gobbled[seat].map((g) => slyCard(g.card, `owner-${g.owner} small`)),
        board.captured_foxes[seat].length ? h("span.muted", ` Foxes captured: ${board.captured_foxes[seat].length}`) : null) : null));
  }
  return h("div.sly-table",
    h("div.table-info",
      h("span.phase", PHASE[board.phase] || board.phase),
      h("span", `Turn ${Math.min(board.turn + 1, board.max_turns)} of ${board.max_turns}`),
      board.end_reason ? h("span", `ended: ${board.end_reason.replaceAll("_", " ")}`) : null),
    h("div.houses", [...houses.entries()].map(([house, entries]) =>
      h("div.house", { "aria-label": `hen house ${Number(house.slice(1)) + 1}` },
        h("div.roof", `Hen house ${Number(house.slice(1)) + 1}`),
        h("div.spaces", entries.map((entry) => space(entry, board, ctx)))))),
    h("div.seats", seats),
    ctx.over && ctx.result?.breakdown ? scoreTable(ctx, ctx.result.breakdown, [
      { label: "Safe hens", value: (r) => r.safe_hens },
      { label: "Gobbled", value: (r) => r.gobbled_hens },
      { label: "Foxes", value: (r) => r.captured_foxes },
      { label: "Total", value: (r) => h("strong", r.total) }]) : null);
}

// A space id is h<house>-<value> (docs/rules.md): "house 1 · 3".
const at = (id) => {
  const found = /^h(\d+)-(\d+)$/.exec(id || "");
  return found ? `house ${Number(found[1]) + 1} · ${found[2]}` : id;
};

export function moveLabel(move, board) {
  switch (move.type) {
    case "lay": return [`Lay ${label(move.card)}`, `on ${at(move.space)}`];
    case "expose": return ["Expose a card", at(move.space)];
    case "reveal_flip": return [board?.reveal?.length ? "Flip another card" : "Start a REVEAL: flip", at(move.space)];
    case "reveal_stop": return ["Stop the REVEAL", null];
    default: return [move.type, null];
  }
}

// The board element a move concerns, so that it can be clicked there too.
export function target(move) {
  return move.space ? `[data-space="${move.space}"]` : null;
}

export function describeEvent(event, ctx) {
  const d = event.data || {};
  switch (event.type) {
    case "TableSetUp": return `the table is set up; ${ctx.seat(d.start_player)} starts`;
    case "CardLaid": return `${ctx.who(d.seat)} laid ${d.card ? label(d.card) : "a card"} on ${at(d.space)}`;
    case "FoxCaptured": return `${ctx.who(d.seat)} exposed the fox of ${ctx.seat(d.owner)} on ${at(d.space)}`;
    case "HenExposed": return `${ctx.who(d.seat)} exposed the ${label(d.card)} of ${ctx.seat(d.owner)} on ${at(d.space)}: safe`;
    case "CardFlipped": return `${ctx.who(d.seat)} flipped the ${label(d.card)} of ${ctx.seat(d.owner)} on ${at(d.space)}`;
    case "RevealResolved": return d.gobbled ? `the fox gobbled the ${label(d.gobbled.card)} of ${ctx.seat(d.gobbled.owner)}` : d.safe ? `${label(d.safe.card)} on ${at(d.safe.space)} is safe` : "the REVEAL is over";
    case "PlayEnded": return `play ends (${String(d.reason).replaceAll("_", " ")})`;
    default: return null;
  }
}

// What docs/events.md hides while the game runs, for the replay's log before the end.
export function redactEvent(event, viewer) {
  if (event.type === "CardLaid" && event.data.seat !== viewer) return { ...event, data: { ...event.data, card: undefined } };
  return event;
}

export const name = "SLY";
