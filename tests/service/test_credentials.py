"""401 for a credential that is not valid, 403 for a valid one without the right, on every route
of the game API (issue #39), and no ``leave`` offered on a table that is over."""

from __future__ import annotations

import pytest

from events.transparency import archived_leaf
from tests.service.test_hard_to_break import RATED, game_routes, problem, send

pytestmark = pytest.mark.redis

GAME_PATH = "/v1/games/<game_id>"


# The account routes (issues #41, #43) take account keys; what a seat's or an owner's token gets
# there (403 ``account_key_required``, or a 4xx of its own) is tested beside each: in
# tests/service/test_accounts.py, test_challenges.py, test_seeks.py and test_webhooks.py.
ACCOUNT_PATHS = (
    "/v1/accounts",
    "/v1/invites",
    "/v1/me",
    "/v1/device-codes",
    "/v1/challenges",
    "/v1/seeks",
    "/v1/webhooks",
)


def on_a_game(rule: str) -> bool:
    return rule.startswith(GAME_PATH)


def test_each_kind_of_credential_gets_401_or_403_on_every_route(app, api):
    game_id = api.create()["id"]
    given_back = api.join(game_id, "eve")["token"]
    assert api.command(game_id, given_back, {"type": "leave"}).status_code == 201
    other_game, other_tokens = api.table()
    other_owner = api.create()["owner_token"]
    own_owner = api.create()
    # An account, so that its rating history is served (empty).
    api.client.post("/v1/accounts", json={"handle": RATED, "kind": "bot"})
    # One leaf in the log, so that its consistency route (from=1&to=1, see ``send``) is served.
    app.extensions["foxden.log"].append(archived_leaf("0" * 32, "0" * 63 + "1", 1))
    kinds = {
        # (token, status on a route about ``game_id``, status on the public routes)
        "made up": ("A" * 43, 401, 401),
        "given back": (given_back, 401, 401),
        "another game's seat": (other_tokens[0], 403, None),
        "another table's owner": (other_owner, 403, None),
    }
    for method, rule in game_routes(app):
        if rule.startswith(ACCOUNT_PATHS):
            continue
        for name, (token, on_game, on_public) in kinds.items():
            response = send(
                api, method, rule, game_id, headers={"Authorization": f"Bearer {token}"}
            )
            expected = on_game if on_a_game(rule) else on_public
            if expected is None:  # a valid credential on a public route: served as usual
                assert response.status_code < 400, (name, method, rule, response.json)
                continue
            code = "unauthorized" if expected == 401 else "forbidden"
            assert response.status_code == expected, (name, method, rule, response.json)
            problem(response, expected, code)
    # A table's own owner token may cancel it, and nothing else there: a seat's view is not its.
    owner = {"Authorization": f"Bearer {own_owner['owner_token']}"}
    for route in ("/state", "/legal-moves", "/events"):
        path = f"/v1/games/{own_owner['id']}{route}"
        problem(api.client.get(path, headers=owner), 403, "forbidden")
    assert other_game != game_id


@pytest.mark.parametrize("close", ["cancel", "expire"])
def test_a_closed_table_offers_no_leave(api, service, close):
    game = api.create(seats=[{"kind": "human"}, {"kind": "human"}])
    game_id = game["id"]
    token = api.join(game_id, "ada")["token"]
    if close == "cancel":
        owner = {"Authorization": f"Bearer {game['owner_token']}"}
        assert api.client.delete(f"/v1/games/{game_id}", headers=owner).status_code == 200
    else:
        expires_at = service.load(game_id).state.expires_at
        service.clock = lambda: expires_at  # the table's time has come
        assert service.expire(game_id).envelopes
    moves = api.get(f"/v1/games/{game_id}/legal-moves", token=token)
    assert moves.status_code == 200
    assert moves.json["moves"] == []
    # What the API would say to the move it no longer offers:
    problem(api.command(game_id, token, {"type": "leave"}), 409, "table_closed")
