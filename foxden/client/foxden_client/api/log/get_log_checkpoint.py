from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    size: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["size"] = size


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/log/checkpoint",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> Response[Problem | str]:
    """ A signed checkpoint of the log (C2SP tlog-checkpoint in a signed note).

     Three lines (origin, tree size, base64 root hash), a blank line and the signature line
    (`— <origin> <base64 key id and Ed25519 signature>`). Keep it: any later checkpoint
    must be consistent with it (`GET /v1/log/consistency`). The same size always gives the
    same note, byte for byte.

    Args:
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        size=size,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> Problem | str | None:
    """ A signed checkpoint of the log (C2SP tlog-checkpoint in a signed note).

     Three lines (origin, tree size, base64 root hash), a blank line and the signature line
    (`— <origin> <base64 key id and Ed25519 signature>`). Keep it: any later checkpoint
    must be consistent with it (`GET /v1/log/consistency`). The same size always gives the
    same note, byte for byte.

    Args:
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return sync_detailed(
        client=client,
size=size,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> Response[Problem | str]:
    """ A signed checkpoint of the log (C2SP tlog-checkpoint in a signed note).

     Three lines (origin, tree size, base64 root hash), a blank line and the signature line
    (`— <origin> <base64 key id and Ed25519 signature>`). Keep it: any later checkpoint
    must be consistent with it (`GET /v1/log/consistency`). The same size always gives the
    same note, byte for byte.

    Args:
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
     """


    kwargs = _get_kwargs(
        size=size,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> Problem | str | None:
    """ A signed checkpoint of the log (C2SP tlog-checkpoint in a signed note).

     Three lines (origin, tree size, base64 root hash), a blank line and the signature line
    (`— <origin> <base64 key id and Ed25519 signature>`). Keep it: any later checkpoint
    must be consistent with it (`GET /v1/log/consistency`). The same size always gives the
    same note, byte for byte.

    Args:
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
     """


    return (await asyncio_detailed(
        client=client,
size=size,

    )).parsed
