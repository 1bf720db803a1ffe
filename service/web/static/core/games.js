// Each game draws itself in its own module; this maps a game id to it.
const MODULES = {
  "fette-beute": () => import("../games/fette-beute.js"),
  sly: () => import("../games/sly.js"),
  "gloria-picktoria": () => import("../games/gloria-picktoria.js"),
};

export async function gameModule(id) {
  const load = MODULES[id];
  if (!load) throw new Error(`this page cannot draw the game ${id}`);
  return load();
}

export const GAME_NAMES = { "fette-beute": "Fette Beute", sly: "SLY", "gloria-picktoria": "Gloria Picktoria" };
