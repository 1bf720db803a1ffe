from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.command_result import CommandResult
from ...models.fette_beute_choose import FetteBeuteChoose
from ...models.fette_beute_reveal import FetteBeuteReveal
from ...models.gloria_picktoria_draw_blind import GloriaPicktoriaDrawBlind
from ...models.gloria_picktoria_end_turn import GloriaPicktoriaEndTurn
from ...models.gloria_picktoria_lay import GloriaPicktoriaLay
from ...models.gloria_picktoria_make_chest import GloriaPicktoriaMakeChest
from ...models.gloria_picktoria_move_fox import GloriaPicktoriaMoveFox
from ...models.gloria_picktoria_pass_fox import GloriaPicktoriaPassFox
from ...models.gloria_picktoria_play_doubler import GloriaPicktoriaPlayDoubler
from ...models.gloria_picktoria_take_display import GloriaPicktoriaTakeDisplay
from ...models.leave import Leave
from ...models.problem import Problem
from ...models.sly_expose import SlyExpose
from ...models.sly_lay import SlyLay
from ...models.sly_reveal_flip import SlyRevealFlip
from ...models.sly_reveal_stop import SlyRevealStop
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/commands".format(game_id=quote(str(game_id), safe=""),),
    }

    
    if isinstance(body, FetteBeuteChoose):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FetteBeuteReveal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SlyLay):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SlyExpose):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SlyRevealFlip):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SlyRevealStop):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaMakeChest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaLay):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaPlayDoubler):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaTakeDisplay):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaDrawBlind):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaMoveFox):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaPassFox):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, GloriaPicktoriaEndTurn):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CommandResult | Problem | None:
    if response.status_code == 200:
        response_200 = CommandResult.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = CommandResult.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())



        return response_408

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CommandResult | Problem]:
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
    body: FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[CommandResult | Problem]:
    """ Send a command for the caller's seat.

     The body is one of the bodies `legal-moves` lists; each game's command types are in
    `docs/events.md`. `If-Match: "<version>"` makes the command conditional on the version;
    `Idempotency-Key` makes a retry safe (scoped to the game and seat).

    `{"type": "leave"}`: before the start it gives the seat back (the seat is open again and
    the token stops working: 401); once the game runs it hands the seat to a bot for the
    rest of the game, and the player's further commands are refused with `seat_left`. A
    second `leave` changes nothing and is answered 200 with the current state.

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind |
            GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest |
            GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler |
            GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop):
            A command body: one of the game's commands, or `leave` (docs/events.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> CommandResult | Problem | None:
    """ Send a command for the caller's seat.

     The body is one of the bodies `legal-moves` lists; each game's command types are in
    `docs/events.md`. `If-Match: "<version>"` makes the command conditional on the version;
    `Idempotency-Key` makes a retry safe (scoped to the game and seat).

    `{"type": "leave"}`: before the start it gives the seat back (the seat is open again and
    the token stops working: 401); once the game runs it hands the seat to a bot for the
    rest of the game, and the player's further commands are refused with `seat_left`. A
    second `leave` changes nothing and is answered 200 with the current state.

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind |
            GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest |
            GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler |
            GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop):
            A command body: one of the game's commands, or `leave` (docs/events.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[CommandResult | Problem]:
    """ Send a command for the caller's seat.

     The body is one of the bodies `legal-moves` lists; each game's command types are in
    `docs/events.md`. `If-Match: "<version>"` makes the command conditional on the version;
    `Idempotency-Key` makes a retry safe (scoped to the game and seat).

    `{"type": "leave"}`: before the start it gives the seat back (the seat is open again and
    the token stops working: 401); once the game runs it hands the seat to a bot for the
    rest of the game, and the player's further commands are refused with `seat_left`. A
    second `leave` changes nothing and is answered 200 with the current state.

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind |
            GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest |
            GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler |
            GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop):
            A command body: one of the game's commands, or `leave` (docs/events.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandResult | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind | GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest | GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler | GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> CommandResult | Problem | None:
    """ Send a command for the caller's seat.

     The body is one of the bodies `legal-moves` lists; each game's command types are in
    `docs/events.md`. `If-Match: "<version>"` makes the command conditional on the version;
    `Idempotency-Key` makes a retry safe (scoped to the game and seat).

    `{"type": "leave"}`: before the start it gives the seat back (the seat is open again and
    the token stops working: 401); once the game runs it hands the seat to a bot for the
    rest of the game, and the player's further commands are refused with `seat_left`. A
    second `leave` changes nothing and is answered 200 with the current state.

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (FetteBeuteChoose | FetteBeuteReveal | GloriaPicktoriaDrawBlind |
            GloriaPicktoriaEndTurn | GloriaPicktoriaLay | GloriaPicktoriaMakeChest |
            GloriaPicktoriaMoveFox | GloriaPicktoriaPassFox | GloriaPicktoriaPlayDoubler |
            GloriaPicktoriaTakeDisplay | Leave | SlyExpose | SlyLay | SlyRevealFlip | SlyRevealStop):
            A command body: one of the game's commands, or `leave` (docs/events.md).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandResult | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,
if_match=if_match,
idempotency_key=idempotency_key,

    )).parsed
