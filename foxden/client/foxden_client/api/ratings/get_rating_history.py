from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.rating_history import RatingHistory
from typing import cast



def _get_kwargs(
    game: str,
    handle: str,
    *,
    players: int,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["players"] = players


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/ratings/{game}/{handle}/history".format(game=quote(str(game), safe=""),handle=quote(str(handle), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RatingHistory | None:
    if response.status_code == 200:
        response_200 = RatingHistory.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RatingHistory]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: str,
    handle: str,
    *,
    client: AuthenticatedClient | Client,
    players: int,

) -> Response[Problem | RatingHistory]:
    """ An account's rating after each of its rated games in one game and player count, oldest first.

     One point per rated game, written with the rating itself (exactly once per game), in
    the order the ratings applied: the game, when it ended (`at`), and the `mu`, `sigma`
    and `ordinal` it left. Only the last 1000 points are kept. An account never rated in
    that game and count has no points. `foxden ratings rebuild` rebuilds the history with
    the ratings.

    Args:
        game (str):
        handle (str):
        players (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
     """


    kwargs = _get_kwargs(
        game=game,
handle=handle,
players=players,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: str,
    handle: str,
    *,
    client: AuthenticatedClient | Client,
    players: int,

) -> Problem | RatingHistory | None:
    """ An account's rating after each of its rated games in one game and player count, oldest first.

     One point per rated game, written with the rating itself (exactly once per game), in
    the order the ratings applied: the game, when it ended (`at`), and the `mu`, `sigma`
    and `ordinal` it left. Only the last 1000 points are kept. An account never rated in
    that game and count has no points. `foxden ratings rebuild` rebuilds the history with
    the ratings.

    Args:
        game (str):
        handle (str):
        players (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
     """


    return sync_detailed(
        game=game,
handle=handle,
client=client,
players=players,

    ).parsed

async def asyncio_detailed(
    game: str,
    handle: str,
    *,
    client: AuthenticatedClient | Client,
    players: int,

) -> Response[Problem | RatingHistory]:
    """ An account's rating after each of its rated games in one game and player count, oldest first.

     One point per rated game, written with the rating itself (exactly once per game), in
    the order the ratings applied: the game, when it ended (`at`), and the `mu`, `sigma`
    and `ordinal` it left. Only the last 1000 points are kept. An account never rated in
    that game and count has no points. `foxden ratings rebuild` rebuilds the history with
    the ratings.

    Args:
        game (str):
        handle (str):
        players (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
     """


    kwargs = _get_kwargs(
        game=game,
handle=handle,
players=players,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: str,
    handle: str,
    *,
    client: AuthenticatedClient | Client,
    players: int,

) -> Problem | RatingHistory | None:
    """ An account's rating after each of its rated games in one game and player count, oldest first.

     One point per rated game, written with the rating itself (exactly once per game), in
    the order the ratings applied: the game, when it ended (`at`), and the `mu`, `sigma`
    and `ordinal` it left. Only the last 1000 points are kept. An account never rated in
    that game and count has no points. `foxden ratings rebuild` rebuilds the history with
    the ratings.

    Args:
        game (str):
        handle (str):
        players (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
     """


    return (await asyncio_detailed(
        game=game,
handle=handle,
client=client,
players=players,

    )).parsed
