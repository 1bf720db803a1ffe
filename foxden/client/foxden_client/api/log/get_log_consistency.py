from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.consistency_proof import ConsistencyProof
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    from_: int,
    to: int,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["from"] = from_

    params["to"] = to


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/log/consistency",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ConsistencyProof | Problem | None:
    if response.status_code == 200:
        response_200 = ConsistencyProof.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ConsistencyProof | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: int,
    to: int,

) -> Response[ConsistencyProof | Problem]:
    """ The proof that the tree of `from` leaves is a prefix of the tree of `to` leaves.

     RFC 9162 §2.1.4: with the root hashes of two checkpoints, the proof shows that the newer
    tree begins with exactly the leaves of the older one, in the same order. It exists for
    no log that rewrote, dropped or reordered a leaf since. Empty when `from` equals `to`.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsistencyProof | Problem]
     """


    kwargs = _get_kwargs(
        from_=from_,
to=to,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    from_: int,
    to: int,

) -> ConsistencyProof | Problem | None:
    """ The proof that the tree of `from` leaves is a prefix of the tree of `to` leaves.

     RFC 9162 §2.1.4: with the root hashes of two checkpoints, the proof shows that the newer
    tree begins with exactly the leaves of the older one, in the same order. It exists for
    no log that rewrote, dropped or reordered a leaf since. Empty when `from` equals `to`.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsistencyProof | Problem
     """


    return sync_detailed(
        client=client,
from_=from_,
to=to,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: int,
    to: int,

) -> Response[ConsistencyProof | Problem]:
    """ The proof that the tree of `from` leaves is a prefix of the tree of `to` leaves.

     RFC 9162 §2.1.4: with the root hashes of two checkpoints, the proof shows that the newer
    tree begins with exactly the leaves of the older one, in the same order. It exists for
    no log that rewrote, dropped or reordered a leaf since. Empty when `from` equals `to`.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsistencyProof | Problem]
     """


    kwargs = _get_kwargs(
        from_=from_,
to=to,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: int,
    to: int,

) -> ConsistencyProof | Problem | None:
    """ The proof that the tree of `from` leaves is a prefix of the tree of `to` leaves.

     RFC 9162 §2.1.4: with the root hashes of two checkpoints, the proof shows that the newer
    tree begins with exactly the leaves of the older one, in the same order. It exists for
    no log that rewrote, dropped or reordered a leaf since. Empty when `from` equals `to`.

    Args:
        from_ (int):
        to (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsistencyProof | Problem
     """


    return (await asyncio_detailed(
        client=client,
from_=from_,
to=to,

    )).parsed
