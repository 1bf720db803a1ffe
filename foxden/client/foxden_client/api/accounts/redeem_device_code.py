from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_key_made import NewKeyMade
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    code: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/device-codes/{code}".format(code=quote(str(code), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NewKeyMade | Problem | None:
    if response.status_code == 201:
        response_201 = NewKeyMade.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[NewKeyMade | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[NewKeyMade | Problem]:
    """ Use a device code (no credential needed) for a fresh key, shown once.

     The key has the scopes of the key that made the code and is labelled so. A code works once, for 5
    minutes; a used, expired or unknown code is 404 `device_code_not_found`. Every attempt counts
    against the caller's rate limit.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewKeyMade | Problem]
     """


    kwargs = _get_kwargs(
        code=code,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    code: str,
    *,
    client: AuthenticatedClient | Client,

) -> NewKeyMade | Problem | None:
    """ Use a device code (no credential needed) for a fresh key, shown once.

     The key has the scopes of the key that made the code and is labelled so. A code works once, for 5
    minutes; a used, expired or unknown code is 404 `device_code_not_found`. Every attempt counts
    against the caller's rate limit.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewKeyMade | Problem
     """


    return sync_detailed(
        code=code,
client=client,

    ).parsed

async def asyncio_detailed(
    code: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[NewKeyMade | Problem]:
    """ Use a device code (no credential needed) for a fresh key, shown once.

     The key has the scopes of the key that made the code and is labelled so. A code works once, for 5
    minutes; a used, expired or unknown code is 404 `device_code_not_found`. Every attempt counts
    against the caller's rate limit.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NewKeyMade | Problem]
     """


    kwargs = _get_kwargs(
        code=code,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    code: str,
    *,
    client: AuthenticatedClient | Client,

) -> NewKeyMade | Problem | None:
    """ Use a device code (no credential needed) for a fresh key, shown once.

     The key has the scopes of the key that made the code and is labelled so. A code works once, for 5
    minutes; a used, expired or unknown code is 404 `device_code_not_found`. Every attempt counts
    against the caller's rate limit.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NewKeyMade | Problem
     """


    return (await asyncio_detailed(
        code=code,
client=client,

    )).parsed
