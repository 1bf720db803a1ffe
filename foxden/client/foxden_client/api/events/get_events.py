from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.event_page import EventPage
from ...models.get_events_follow import GetEventsFollow
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    follow: GetEventsFollow | Unset = GetEventsFollow.FALSE,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    json_follow: str | Unset = UNSET
    if not isinstance(follow, Unset):
        json_follow = follow.value

    params["follow"] = json_follow


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | EventPage | Problem | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | EventPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    follow: GetEventsFollow | Unset = GetEventsFollow.FALSE,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | EventPage | Problem]:
    """ The events as the caller may see them; JSON pages, or NDJSON with Accept application/x-ndjson.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        follow (GetEventsFollow | Unset):  Default: GetEventsFollow.FALSE.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EventPage | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
limit=limit,
follow=follow,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    follow: GetEventsFollow | Unset = GetEventsFollow.FALSE,
    if_none_match: str | Unset = UNSET,

) -> Any | EventPage | Problem | None:
    """ The events as the caller may see them; JSON pages, or NDJSON with Accept application/x-ndjson.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        follow (GetEventsFollow | Unset):  Default: GetEventsFollow.FALSE.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EventPage | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
limit=limit,
follow=follow,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    follow: GetEventsFollow | Unset = GetEventsFollow.FALSE,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | EventPage | Problem]:
    """ The events as the caller may see them; JSON pages, or NDJSON with Accept application/x-ndjson.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        follow (GetEventsFollow | Unset):  Default: GetEventsFollow.FALSE.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EventPage | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
limit=limit,
follow=follow,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    follow: GetEventsFollow | Unset = GetEventsFollow.FALSE,
    if_none_match: str | Unset = UNSET,

) -> Any | EventPage | Problem | None:
    """ The events as the caller may see them; JSON pages, or NDJSON with Accept application/x-ndjson.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        follow (GetEventsFollow | Unset):  Default: GetEventsFollow.FALSE.
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EventPage | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
limit=limit,
follow=follow,
if_none_match=if_none_match,

    )).parsed
