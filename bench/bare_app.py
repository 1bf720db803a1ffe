"""The yardstick of the API benchmarks: Flask answering a move's two requests with fixed bodies.

Same routes and about the same body sizes as Foxden's legal moves and command answers, and no
work behind them: whatever Foxden costs beyond this is its own.
"""

from flask import Flask, jsonify, request

app = Flask(__name__)
MOVES = [{"type": "choose", "animals": ["squirrel", "marmot"]}] * 10


@app.get("/v1/games/<game_id>/legal-moves")
def legal(game_id: str):
    return jsonify(version=1, seat=0, moves=MOVES)


@app.post("/v1/games/<game_id>/commands")
def command(game_id: str):
    body = request.get_json()
    return jsonify(version=2, events=[{"type": "x", "data": body}], state={"ok": True}), 201
