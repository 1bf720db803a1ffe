from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.log_info import LogInfo
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/log",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LogInfo | Problem | None:
    if response.status_code == 200:
        response_200 = LogInfo.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LogInfo | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[LogInfo | Problem]:
    """ The log of archived games now, and the key that signs its checkpoints.

     Every archived game is a leaf of an append-only Merkle tree (RFC 9162), a deleted one a
    tombstone leaf. `origin` is the log's name (the first line of its checkpoints),
    `verifier_key` the Ed25519 key that signs them (the Go `sumdb/note` verifier key
    format), `size` the number of leaves and `root_hash` the tree's root.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogInfo | Problem]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> LogInfo | Problem | None:
    """ The log of archived games now, and the key that signs its checkpoints.

     Every archived game is a leaf of an append-only Merkle tree (RFC 9162), a deleted one a
    tombstone leaf. `origin` is the log's name (the first line of its checkpoints),
    `verifier_key` the Ed25519 key that signs them (the Go `sumdb/note` verifier key
    format), `size` the number of leaves and `root_hash` the tree's root.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogInfo | Problem
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[LogInfo | Problem]:
    """ The log of archived games now, and the key that signs its checkpoints.

     Every archived game is a leaf of an append-only Merkle tree (RFC 9162), a deleted one a
    tombstone leaf. `origin` is the log's name (the first line of its checkpoints),
    `verifier_key` the Ed25519 key that signs them (the Go `sumdb/note` verifier key
    format), `size` the number of leaves and `root_hash` the tree's root.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogInfo | Problem]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> LogInfo | Problem | None:
    """ The log of archived games now, and the key that signs its checkpoints.

     Every archived game is a leaf of an append-only Merkle tree (RFC 9162), a deleted one a
    tombstone leaf. `origin` is the log's name (the first line of its checkpoints),
    `verifier_key` the Ed25519 key that signs them (the Go `sumdb/note` verifier key
    format), `size` the number of leaves and `root_hash` the tree's root.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogInfo | Problem
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
