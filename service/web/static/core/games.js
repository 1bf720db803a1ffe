// The games this service hosts come from its catalogue (GET /v1/catalog): their names, and
// which module draws each. A game's module is games/<id>.js, so a new game adds that one file.
import { api } from "./api.js";

// Game ids are the catalogue's own; this keeps a module path built from one inside games/.
const SAFE_ID = /^[a-z0-9][a-z0-9_-]*$/;

let catalogue = null;

// The catalogue's games by id, fetched once per page (again after a failed fetch).
export function games() {
  catalogue ??= api.catalog().then(
    (body) => new Map(body.games.map((game) => [game.id, game])),
    (error) => { catalogue = null; throw error; });
  return catalogue;
}

export async function gameName(id) {
  return (await games()).get(id)?.name || id;
}

export async function gameModule(id) {
  if (!(await games()).has(id) || !SAFE_ID.test(id)) throw new Error(`this service hosts no game ${id}`);
  try {
    return await import(`../games/${id}.js`);
  } catch (error) {
    throw new Error(`this page cannot draw the game ${id} (${error.message || error})`);
  }
}
