from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.log_leaves import LogLeaves
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    start: int | Unset = 0,
    end: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["start"] = start

    params["end"] = end


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/log/leaves",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LogLeaves | Problem | None:
    if response.status_code == 200:
        response_200 = LogLeaves.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LogLeaves | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,

) -> Response[LogLeaves | Problem]:
    """ The log's leaves from `start` to `end` (at most 1000), to rebuild the tree.

     Each leaf is its UTF-8 text: `foxden/archived/1`, the game id, the head hash and the
    event count, one per line, each ending in a newline (a tombstone,
    `foxden/tombstone/1`, adds a note). The leaves `[start, end)` the log has: fewer when
    it ends before `end`, none when `start` is its size.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogLeaves | Problem]
     """


    kwargs = _get_kwargs(
        start=start,
end=end,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,

) -> LogLeaves | Problem | None:
    """ The log's leaves from `start` to `end` (at most 1000), to rebuild the tree.

     Each leaf is its UTF-8 text: `foxden/archived/1`, the game id, the head hash and the
    event count, one per line, each ending in a newline (a tombstone,
    `foxden/tombstone/1`, adds a note). The leaves `[start, end)` the log has: fewer when
    it ends before `end`, none when `start` is its size.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogLeaves | Problem
     """


    return sync_detailed(
        client=client,
start=start,
end=end,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,

) -> Response[LogLeaves | Problem]:
    """ The log's leaves from `start` to `end` (at most 1000), to rebuild the tree.

     Each leaf is its UTF-8 text: `foxden/archived/1`, the game id, the head hash and the
    event count, one per line, each ending in a newline (a tombstone,
    `foxden/tombstone/1`, adds a note). The leaves `[start, end)` the log has: fewer when
    it ends before `end`, none when `start` is its size.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogLeaves | Problem]
     """


    kwargs = _get_kwargs(
        start=start,
end=end,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    start: int | Unset = 0,
    end: int | Unset = UNSET,

) -> LogLeaves | Problem | None:
    """ The log's leaves from `start` to `end` (at most 1000), to rebuild the tree.

     Each leaf is its UTF-8 text: `foxden/archived/1`, the game id, the head hash and the
    event count, one per line, each ending in a newline (a tombstone,
    `foxden/tombstone/1`, adds a note). The leaves `[start, end)` the log has: fewer when
    it ends before `end`, none when `start` is its size.

    Args:
        start (int | Unset):  Default: 0.
        end (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogLeaves | Problem
     """


    return (await asyncio_detailed(
        client=client,
start=start,
end=end,

    )).parsed
