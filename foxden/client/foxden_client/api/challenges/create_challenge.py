from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.challenge import Challenge
from ...models.new_challenge import NewChallenge
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: NewChallenge,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 201:
        response_201 = Challenge.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())



        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,

) -> Response[Challenge | Problem]:
    """ Challenge accounts to a table (scope create); the challenger takes a seat.

     The opponents (handles, each once, not the challenger's) answer with accept or decline
    before `expires_at` (`expires_in_s`, default 300); `bots` fill seats beside theirs, and
    the table's size (1 + opponents + bots) must be one the game takes. Each opponent is
    sent a `challenge` frame on its account stream. When every opponent has accepted, the
    table is created with the challenger at seat 0, the opponents after it in the order
    named, then the bots; it starts at once (`game_started` frames). A handle no account has
    is a 422 `unknown_account` naming it in `handles`.

    Args:
        body (NewChallenge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,

) -> Challenge | Problem | None:
    """ Challenge accounts to a table (scope create); the challenger takes a seat.

     The opponents (handles, each once, not the challenger's) answer with accept or decline
    before `expires_at` (`expires_in_s`, default 300); `bots` fill seats beside theirs, and
    the table's size (1 + opponents + bots) must be one the game takes. Each opponent is
    sent a `challenge` frame on its account stream. When every opponent has accepted, the
    table is created with the challenger at seat 0, the opponents after it in the order
    named, then the bots; it starts at once (`game_started` frames). A handle no account has
    is a 422 `unknown_account` naming it in `handles`.

    Args:
        body (NewChallenge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,

) -> Response[Challenge | Problem]:
    """ Challenge accounts to a table (scope create); the challenger takes a seat.

     The opponents (handles, each once, not the challenger's) answer with accept or decline
    before `expires_at` (`expires_in_s`, default 300); `bots` fill seats beside theirs, and
    the table's size (1 + opponents + bots) must be one the game takes. Each opponent is
    sent a `challenge` frame on its account stream. When every opponent has accepted, the
    table is created with the challenger at seat 0, the opponents after it in the order
    named, then the bots; it starts at once (`game_started` frames). A handle no account has
    is a 422 `unknown_account` naming it in `handles`.

    Args:
        body (NewChallenge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewChallenge,

) -> Challenge | Problem | None:
    """ Challenge accounts to a table (scope create); the challenger takes a seat.

     The opponents (handles, each once, not the challenger's) answer with accept or decline
    before `expires_at` (`expires_in_s`, default 300); `bots` fill seats beside theirs, and
    the table's size (1 + opponents + bots) must be one the game takes. Each opponent is
    sent a `challenge` frame on its account stream. When every opponent has accepted, the
    table is created with the challenger at seat 0, the opponents after it in the order
    named, then the bots; it starts at once (`game_started` frames). A handle no account has
    is a 422 `unknown_account` naming it in `handles`.

    Args:
        body (NewChallenge):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
