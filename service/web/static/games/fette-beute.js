// Fette Beute: each seat's food store, its face-down animals and the animals it revealed.
import { h } from "../core/ui.js";
import { face, back, seatPanel, scoreTable } from "../core/cards.js";

const FOOD = { walnut: "Walnut", sunflower: "Sun\u00adflower", hazelnut: "Hazelnut", acorn: "Acorn", peanut: "Peanut" };
const ANIMAL = { squirrel: "Squirrel", raccoon: "Raccoon", hamster: "Hamster", marmot: "Marmot", beaver: "Beaver" };
const PHASE = { setup: "Dealing", choose: "Everyone secretly chooses two animals", reveal: "Reveal in turn", over: "Game over" };

const an = (word) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;
const animal = (name, how) => face(name, ANIMAL[name] || name, { cls: `animal ${name}`, sub: how && how !== "chosen" ? how : "" });

function store(counts) {
  return h("div.store", { "aria-label": "food store" },
    Object.entries(counts).map(([food, n]) =>
      h("div.pile", { class: n ? "" : "empty", title: `${n} × ${FOOD[food] || food}` },
        face(food, FOOD[food] || food, { cls: `food ${food}`, corner: String(n) }))));
}

export function render(board, ctx) {
  if (!board || board.phase === "setup") return h("p.muted", "The food is being dealt.");
  const seats = [];
  for (let seat = 0; seat < board.players; seat++) {
    const down = board.face_down_animals?.[seat];
    const count = board.face_down?.[seat] || 0;
    const hidden = h("div.row.face-down", { dataset: { private: String(seat) }, "aria-label": "face-down animals" },
      down ? down.map((name) => animal(name, "face down")) : Array.from({ length: count }, () => back("a face-down animal")),
      !count && board.phase === "choose" ? h("span.muted", board.chosen?.[seat] ? "chosen" : "choosing…") : null);
    seats.push(seatPanel(ctx, seat,
      { badges: [board.crown === seat ? h("span.badge.crown", { title: "holds the crown" }, "♛ crown") : null,
        board.turn === seat ? h("span.badge.reveal", "revealing") : null] },
      store(board.stores[seat]),
      h("div.rows", hidden,
        h("div.row.revealed", { "aria-label": "revealed animals" },
          (board.revealed?.[seat] || []).map((r) => animal(r.animal, r.how))))));
  }
  return h("div.fb",
    h("div.table-info",
      h("span.phase", PHASE[board.phase] || board.phase), h("span", `Round ${board.round}`),
      h("span.supply", { title: "food cards left in the supply" }, back("the supply", { cls: "mini" }), `${board.supply} in the supply`)),
    h("div.seats", seats),
    board.result ? scoreTable(ctx, board.result.scores, [
      { label: "Score", value: (s) => s },
      { label: "Largest kind", value: (_s, seat) => board.result.largest_kind?.[seat] ?? "" }]) : null);
}

export function moveLabel(move, _board, ctx) {
  if (move.type === "choose") return ["Choose two animals", move.animals.map((a) => ANIMAL[a] || a).join(" + ")];
  if (move.type === "reveal") {
    const what = `Reveal ${ANIMAL[move.animal] || move.animal}`;
    if (!move.steal) return [what, null];
    return [what, `steal ${FOOD[move.steal.kind] || move.steal.kind} from ${ctx.name(move.steal.target)}`];
  }
  return [move.type, null];
}

// The board element a move concerns, so that it can be clicked there too.
export function target(move, _board, ctx) {
  return move.type === "reveal" ? `[data-private="${ctx.viewer}"] [data-card="${move.animal}"]` : null;
}

export function describeEvent(event, ctx) {
  const d = event.data || {};
  switch (event.type) {
    case "Dealt": return `the food is dealt; ${ctx.seat(d.start_player)} holds the crown`;
    case "AnimalsChosen": return `${ctx.who(d.seat)} chose two animals${d.animals ? ` (${d.animals.join(", ")})` : ""}`;
    case "AnimalRevealed": return `${ctx.who(d.seat)} revealed the ${d.animal}${d.how && d.how !== "chosen" ? ` (${d.how})` : ""}`;
    case "FoodDrawn": return `${ctx.who(d.seat)} drew ${d.food ? `${an(d.food)} card` : "a food card"}`;
    case "FoodStolen": return `${ctx.who(d.thief)} stole ${an(d.food)} card from ${ctx.seat(d.victim)}`;
    case "TheftBlocked": return `the hamster of ${ctx.seat(d.victim)} stopped ${ctx.who(d.thief)} stealing ${an(d.food)} card`;
    case "MarmotCopied": return `the marmot of ${ctx.seat(d.seat)} copies the ${d.animal}`;
    case "BeaverResolved": return `the beaver pays out (${d.payout})`;
    case "RoundEnded": return `round ${d.round} ends; ${ctx.seat(d.crown)} takes the crown`;
    case "RoundStarted": return `round ${d.round} begins`;
    case "GameFinished": return `the game is over (${String(d.reason).replaceAll("_", " ")})`;
    case "RevealTurnBegan": return `${ctx.seat(d.seat)} reveals next`;
    default: return null;
  }
}

// What docs/events.md hides while the game runs, for the replay's log before the end.
export function redactEvent(event, viewer) {
  const d = event.data;
  if (event.type === "Dealt") return { ...event, data: { ...d, supply: undefined } };
  if (event.type === "AnimalsChosen" && d.seat !== viewer) return { ...event, data: { seat: d.seat } };
  return event;
}

export const name = "Fette Beute";
