from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_list import GameList
from ...models.list_games_game import ListGamesGame
from ...models.problem import Problem
from ...models.status import Status
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: Status | Unset = UNSET,
    game: ListGamesGame | Unset = UNSET,
    open_: bool | Unset = False,
    live: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_game: str | Unset = UNSET
    if not isinstance(game, Unset):
        json_game = game.value

    params["game"] = json_game

    params["open"] = open_

    params["live"] = live

    params["limit"] = limit

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameList | Problem | None:
    if response.status_code == 200:
        response_200 = GameList.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: Status | Unset = UNSET,
    game: ListGamesGame | Unset = UNSET,
    open_: bool | Unset = False,
    live: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> Response[GameList | Problem]:
    """ Games, newest first, filtered by status, game, open seats and live play; cursor pagination.

    Args:
        status (Status | Unset): A table waits for players, is played, then is finished; a waiting
            table can also be cancelled by its owner or expire.
        game (ListGamesGame | Unset):
        open_ (bool | Unset):  Default: False.
        live (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameList | Problem]
     """


    kwargs = _get_kwargs(
        status=status,
game=game,
open_=open_,
live=live,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    status: Status | Unset = UNSET,
    game: ListGamesGame | Unset = UNSET,
    open_: bool | Unset = False,
    live: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> GameList | Problem | None:
    """ Games, newest first, filtered by status, game, open seats and live play; cursor pagination.

    Args:
        status (Status | Unset): A table waits for players, is played, then is finished; a waiting
            table can also be cancelled by its owner or expire.
        game (ListGamesGame | Unset):
        open_ (bool | Unset):  Default: False.
        live (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameList | Problem
     """


    return sync_detailed(
        client=client,
status=status,
game=game,
open_=open_,
live=live,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: Status | Unset = UNSET,
    game: ListGamesGame | Unset = UNSET,
    open_: bool | Unset = False,
    live: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> Response[GameList | Problem]:
    """ Games, newest first, filtered by status, game, open seats and live play; cursor pagination.

    Args:
        status (Status | Unset): A table waits for players, is played, then is finished; a waiting
            table can also be cancelled by its owner or expire.
        game (ListGamesGame | Unset):
        open_ (bool | Unset):  Default: False.
        live (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameList | Problem]
     """


    kwargs = _get_kwargs(
        status=status,
game=game,
open_=open_,
live=live,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: Status | Unset = UNSET,
    game: ListGamesGame | Unset = UNSET,
    open_: bool | Unset = False,
    live: bool | Unset = False,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> GameList | Problem | None:
    """ Games, newest first, filtered by status, game, open seats and live play; cursor pagination.

    Args:
        status (Status | Unset): A table waits for players, is played, then is finished; a waiting
            table can also be cancelled by its owner or expire.
        game (ListGamesGame | Unset):
        open_ (bool | Unset):  Default: False.
        live (bool | Unset):  Default: False.
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameList | Problem
     """


    return (await asyncio_detailed(
        client=client,
status=status,
game=game,
open_=open_,
live=live,
limit=limit,
cursor=cursor,

    )).parsed
